import type { EnvironmentConfig } from '../config/types.js';
import { memoryInput } from '../data/read/memory-input.js';
import { silentReporter } from '../data/progress/reporters.js';
import { pushData } from '../data/push/push-data.js';
import type { ProgressReporter, PushSummary, ReadEntry, ValidationSummary } from '../data/types.js';
import { GraphformError } from '../diagnostics/errors.js';
import { lazySourceMap } from '../load/source-map.js';
import { assetMatches, assetQueries, assetRecord, importLanguage } from '../marketing/asset-items.js';
import { ASSETS_ERROR_CODES } from '../marketing/codes.js';
import { groupMappingErrors, type DeclarationPlace } from '../marketing/mapping-errors.js';
import type { OpenApiClient } from '../marketing/open-api.js';
import type { Asset } from '../marketing/types.js';
import type { AssetFilter, SourceImport } from '../model/types.js';
import { withStateLock } from '../state/with-lock.js';
import { DEFAULT_MAX_ERRORS, loadSource, offlineClient, pushConfig, type LoadedSource, type PushFlags } from './data.js';
import type { ProjectSelection, WorkflowHost } from './host.js';
import { openEnvironment } from './internal/open-environment.js';
import { openMarketing } from './internal/open-marketing.js';
import { stateBackendFor } from './internal/state-backend.js';
import { configFor, resolveSelection } from './internal/select.js';

export interface AssetsListInput extends ProjectSelection {
  /** Assets per Open API request, 1-100 (default: the Open API client's, 100). */
  pageSize?: number;
}

export interface AssetsListResult {
  /** Every asset, through all pages, in the order the Open API answers them. */
  assets: Asset[];
  /** The Open API's base URL they were listed at. */
  openApi: string;
}

/** With `dryRun`: list, map and validate, cut batches; send nothing and take no lock. */
export interface AssetsSyncInput extends AssetsListInput, PushFlags {
  /** The source whose `import:` block selects and maps the assets. */
  source: string;
  /** Stop listing problems after this many errors (default 50). */
  maxErrors?: number;
  /** Told of progress as items are validated and sent (default: nothing). */
  progress?: ProgressReporter;
}

export interface AssetsSyncResult {
  /** The push; its validation shows an error of the mapping once, at its `import.mapping` entry. */
  summary: PushSummary;
  /** The same validation as the summary's. */
  validation: ValidationSummary;
  /** Assets listed with the filter's API-side conditions, and those the whole filter selected. */
  assets: { listed: number; selected: number };
  /** The Open API's base URL the assets were listed at. */
  openApi: string;
  /** What the items are: the import's content type, in its language. */
  contentType: string;
  language: string;
  /** Where the items went ("local emulator (…)" or the service URL); undefined for a dry run. */
  target: string | undefined;
}

/** `graphform assets list`: every asset of the Open API, through all pages. */
export async function assetsList(input: AssetsListInput, host: WorkflowHost): Promise<AssetsListResult> {
  const { config, environment } = await resolveSelection(input, host);
  const m = await openMarketing(host, config, environment);
  try {
    const { client } = await m.openApi();
    const assets = await client.listAssets(input.pageSize === undefined ? {} : { pageSize: input.pageSize });
    return { assets, openApi: m.app.baseUrl };
  } finally {
    await m.close();
  }
}

/**
 * `graphform assets sync <source>`: the assets the source's `import:` selects, as items,
 * through the data pipeline (validated like any data). Each item's `_id` is its asset's id,
 * so a second sync updates the same items. A real sync holds the state lock: like a data
 * push, it writes items, so it must not run inside an apply's full update.
 */
export async function assetsSync(input: AssetsSyncInput, host: WorkflowHost): Promise<AssetsSyncResult> {
  const config = await configFor(input, host);
  const project = await loadSource(host, config, input.source);
  const spec = project.declaration.import;
  if (spec === undefined) {
    throw new GraphformError(ASSETS_ERROR_CODES.noImport, `Source ${input.source} has no import: block, so there is nothing to sync into it.`, {
      hint: `Add one to ${project.declaration.file}, e.g.\nimport:\n  from: assets\n  contentType: Article\n  mapping: { Name: title, Body: content.value }`,
    });
  }
  const environment = config.resolveEnvironment(input.environment ?? config.defaultEnvironment);
  if (input.dryRun === true) return sync(host, input, project, spec, environment);
  return withStateLock(
    stateBackendFor(host, environment),
    `assets sync ${input.source}`,
    () => sync(host, input, project, spec, environment),
    (text) => host.report({ kind: 'notice', text }),
  );
}

async function sync(
  host: WorkflowHost,
  input: AssetsSyncInput,
  project: LoadedSource,
  spec: SourceImport,
  environment: EnvironmentConfig,
): Promise<AssetsSyncResult> {
  const { declaration } = project;
  const dryRun = input.dryRun === true;
  const opened = dryRun ? undefined : await openEnvironment(host, project.config, environment);
  try {
    // The embedded emulator's data directory opens once: the marketing side shares the one started for the push.
    const m = await openMarketing(host, project.config, environment, opened?.emulator);
    let assets: Asset[];
    try {
      const { client } = await m.openApi();
      assets = await listSelected(client, spec.filter, input.pageSize);
    } finally {
      await m.close();
    }
    const selected = assets.filter((asset) => assetMatches(asset, spec.filter));
    const entries: ReadEntry[] = selected.map((asset, index) => ({ kind: 'record', record: assetRecord(asset, index + 1, declaration, spec) }));
    const pushed = await pushData({
      client: opened?.client ?? offlineClient(),
      declaration,
      files: [],
      inputs: [memoryInput(`assets of the Open API ${m.app.baseUrl}`, entries)],
      config: pushConfig(project.config.data, input),
      skipInvalid: input.skipInvalid === true,
      maxErrors: input.maxErrors ?? DEFAULT_MAX_ERRORS,
      dryRun,
      cwd: host.cwd,
      progress: input.progress ?? silentReporter,
      ...(host.signal === undefined ? {} : { stop: host.signal }),
    });
    // Every asset maps the same way: an error of the mapping is shown once, where the mapping is.
    const validation = { ...pushed.validation, diagnostics: groupMappingErrors(pushed.validation.diagnostics, spec, mappingPlaces(project)) };
    return {
      summary: { ...pushed, validation },
      validation,
      assets: { listed: assets.length, selected: selected.length },
      openApi: m.app.baseUrl,
      contentType: spec.contentType,
      language: importLanguage(declaration, spec),
      target: opened?.description,
    };
  } finally {
    await opened?.close();
  }
}

/** Where each `import.mapping` entry of the source's declaration is, for the errors that are the mapping's. */
function mappingPlaces(project: LoadedSource): (property: string) => DeclarationPlace {
  const { file } = project.declaration;
  const text = project.sources.get(file);
  const map = text === undefined ? undefined : lazySourceMap(file, text);
  return (property) => map?.locate(['import', 'mapping', property], 'key') ?? { file, line: 1, column: 1 };
}

/**
 * The assets the filter's API-side conditions select (type, folder, archived, sent as
 * query parameters), one listing per folder, each asset once, in listing order.
 */
async function listSelected(client: OpenApiClient, filter: AssetFilter | undefined, pageSize: number | undefined): Promise<Asset[]> {
  const byId = new Map<string, Asset>();
  for (const query of assetQueries(filter)) {
    for (const asset of await client.listAssets({ query, ...(pageSize === undefined ? {} : { pageSize }) })) if (!byId.has(asset.id)) byId.set(asset.id, asset);
  }
  return [...byId.values()];
}
