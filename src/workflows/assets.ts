import { GraphformError } from '../../diagnostics/errors.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import { memoryInput } from '../../data/read/memory-input.js';
import { pushData } from '../../data/push/push-data.js';
import { renderPushSummary } from '../../data/report/render-data-report.js';
import type { ReadEntry } from '../../data/types.js';
import { assetMatches, assetQueries, assetRecord } from '../../marketing/asset-items.js';
import { ASSETS_ERROR_CODES } from '../../marketing/codes.js';
import { groupMappingErrors, type DeclarationPlace } from '../../marketing/mapping-errors.js';
import { lazySourceMap } from '../../load/source-map.js';
import type { OpenApiClient } from '../../marketing/open-api.js';
import type { Asset } from '../../marketing/types.js';
import type { AssetFilter } from '../../model/types.js';
import { escapeControl as e } from '../../render/escape-control.js';
import type { CommandContext } from '../context.js';
import { withGuardedLock } from '../guarded.js';
import { exitCodeAfter, noInterrupts, type InterruptTrap } from '../interrupts.js';
import { openEnvironment } from '../../workflows/open-environment.js';
import { openMarketing } from '../../workflows/open-marketing.js';
import { stateBackendFor } from '../../workflows/runtime.js';
import { loadSource, offlineClient, reporter, showValidation, type LoadedSource } from './data.js';
import { renderAssetTable } from './asset-table.js';
import { workflowEnvironmentFor } from '../workflow-environment.js';

export interface AssetsListOptions {
  pageSize: number | undefined;
}

export interface AssetsSyncOptions extends AssetsListOptions {
  dryRun: boolean;
  skipInvalid: boolean;
  maxErrors: number;
  batchBytes: number | undefined;
  batchItems: number | undefined;
  concurrency: number | undefined;
}

/** `graphform assets list`: every asset, through all pages; `--format json` prints the array. */
export async function assetsList(ctx: CommandContext, options: AssetsListOptions): Promise<number> {
  const config = await ctx.loadConfig();
  const m = await openMarketing(workflowEnvironmentFor(ctx), config, await ctx.environment());
  try {
    const { client } = await m.openApi();
    const assets = await client.listAssets(options.pageSize === undefined ? {} : { pageSize: options.pageSize });
    if (ctx.globals().format === 'json') ctx.out(JSON.stringify(assets, null, 2));
    else ctx.out([...renderAssetTable(assets), `${assets.length} asset${assets.length === 1 ? '' : 's'} at the Open API ${m.app.baseUrl}.`].join('\n'));
    return 0;
  } finally {
    await m.close();
  }
}

/**
 * `graphform assets sync <source>`: the assets the source's `import:` selects, as items,
 * through the data pipeline (validated like any data, the same progress and summary). Each
 * item's `_id` is its asset's id, so a second sync updates the same items.
 */
export async function assetsSync(ctx: CommandContext, sourceId: string, options: AssetsSyncOptions): Promise<number> {
  const project = await loadSource(ctx, sourceId);
  if (project === undefined) return 1;
  if (project.declaration.import === undefined) {
    throw new GraphformError(ASSETS_ERROR_CODES.noImport, `Source ${sourceId} has no import: block, so there is nothing to sync into it.`, {
      hint: `Add one to ${project.declaration.file}, e.g.\nimport:\n  from: assets\n  contentType: Article\n  mapping: { Name: title, Body: content.value }`,
    });
  }
  if (options.dryRun) return sync(ctx, project, options, noInterrupts());
  const env = await ctx.environment();
  // Like data push: items are written, so not inside an apply's full update.
  return withGuardedLock(ctx, stateBackendFor(workflowEnvironmentFor(ctx), env), `assets sync ${sourceId}`, async (trap) => exitCodeAfter(trap, await sync(ctx, project, options, trap)));
}

async function sync(ctx: CommandContext, project: LoadedSource, options: AssetsSyncOptions, trap: InterruptTrap): Promise<number> {
  const { declaration } = project;
  const spec = declaration.import;
  if (spec === undefined) throw new Error(`source ${declaration.id} lost its import block`);
  const env = await ctx.environment();
  const opened = options.dryRun ? undefined : await openEnvironment(workflowEnvironmentFor(ctx), project.config, env);
  try {
    const m = await openMarketing(workflowEnvironmentFor(ctx), project.config, env, opened?.emulator);
    let assets: Asset[];
    try {
      const { client } = await m.openApi();
      assets = await listSelected(client, spec.filter, options.pageSize);
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
      config: {
        ...project.config.data,
        ...(options.batchBytes === undefined ? {} : { batchMaxBytes: options.batchBytes }),
        ...(options.batchItems === undefined ? {} : { batchMaxItems: options.batchItems }),
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      },
      skipInvalid: options.skipInvalid,
      maxErrors: options.maxErrors,
      dryRun: options.dryRun,
      cwd: ctx.io.cwd,
      progress: reporter(ctx),
      stop: trap.signal,
    });
    // Every asset maps the same way: an error of the mapping is shown once, where the mapping is.
    const summary = { ...pushed, validation: { ...pushed.validation, diagnostics: groupMappingErrors(pushed.validation.diagnostics, spec, mappingPlaces(project)) } };
    const counts = { listed: assets.length, selected: selected.length };
    if (ctx.globals().format === 'json') {
      ctx.out(JSON.stringify({ ...summary, assets: counts, environment: opened?.description ?? null }, null, 2));
    } else {
      ctx.out(`${counts.listed} asset${counts.listed === 1 ? '' : 's'} listed at the Open API ${m.app.baseUrl}; ${counts.selected} match the import of source ${declaration.id} (${e(excerpt(spec.contentType))} in ${e(excerpt(spec.language ?? declaration.definition.languages[0] ?? ''))}).`);
      showValidation(ctx, summary.validation);
      for (const line of renderPushSummary(summary, ctx.color())) ctx.out(line);
    }
    return summary.status === 'sent' || summary.status === 'dry-run' ? 0 : 1;
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
