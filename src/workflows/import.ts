import { randomUUID } from 'node:crypto';
import type { ResolvedConfig } from '../config/types.js';
import { hasErrors } from '../diagnostics/diagnostic.js';
import { GraphformError, isGraphformError } from '../diagnostics/errors.js';
import { checkDrafts, draftContext, type DeclarationDraft } from '../declare/check-declarations.js';
import { formatDeclaration } from '../declare/format-declaration.js';
import { isSourcesUnsupported } from '../graph/errors.js';
import { redactedDefinitionPaths } from '../graph/secret-values.js';
import { CMS_SOURCE_ID, isValidSourceId } from '../graph/source-id.js';
import type { GraphClient } from '../graph/types.js';
import type { SourceDefinition } from '../model/types.js';
import { secretValuesNotice } from '../plan/reasons.js';
import { emptyState, stateDefinitions, stateEntry, withSource } from '../state/state.js';
import type { State } from '../state/types.js';
import { withStateLock } from '../state/with-lock.js';
import { TOOL_VERSION } from '../version.js';
import { warn, type ProjectSelection, type WorkflowHost } from './host.js';
import { assertAbsent, assertProjectFolder, declarationTarget, writeNewFile, type DeclarationTarget } from './internal/import-files.js';
import { InvalidDeclarationsError } from './invalid-declarations.js';
import { loadProject } from './internal/load-project.js';
import { openEnvironment } from './internal/open-environment.js';
import { environmentView, type EnvironmentView } from './environment-view.js';
import { stateBackendFor } from './internal/state-backend.js';
import { configFor } from './internal/select.js';

export interface ImportInput extends ProjectSelection {
  /** The source to import; or `all` for every source of the account that graphform does not manage. */
  id?: string;
  all?: boolean;
  /** Where the one source's declaration goes instead of `<sources>/<id>.yaml` (relative to the environment's folder). */
  out?: string;
  /** Told of each source as soon as it is recorded (and its file written). */
  onImported?(source: ImportedSource, where: { target: string; environment: string }): void;
}

/** One source imported: recorded in state, and its declaration written unless the project declares it already. */
export interface ImportedSource {
  id: string;
  definition: SourceDefinition;
  /** The declaration file written (relative to the environment's folder). */
  file?: string;
  /** The declaration the project already had, left as it is. */
  declaredIn?: string;
}

export interface ImportResult {
  /** The environment imported from, without its credentials. */
  environment: EnvironmentView;
  /** Where the sources were read: "local emulator (…)" or the service URL. */
  target: string;
  /** In the order they were recorded; fewer than asked when the stop signal fired. */
  imported: ImportedSource[];
}

/** One source read back from the service, and the declaration to write for it, if any. */
interface Adoption {
  id: string;
  definition: SourceDefinition;
  /** Absent when the project declares the source already: that file is left as it is. */
  write?: { target: DeclarationTarget; draft: DeclarationDraft };
  declaredIn?: string;
}

/**
 * `graphform import <id>` or `graphform import --all`: reads each source back, writes its
 * declaration (validated first, never over an existing file) and records it in state,
 * holding the state lock. Nothing is sent to the service.
 */
export async function importSource(input: ImportInput, host: WorkflowHost): Promise<ImportResult> {
  const { id } = input;
  const all = input.all === true;
  if (all === (id !== undefined)) {
    throw new GraphformError('GF_IMPORT_USAGE', 'Name one source to import (graphform import <id>), or use --all; not both.');
  }
  if (all && input.out !== undefined) {
    throw new GraphformError('GF_IMPORT_USAGE', '--out names the file of one source; with --all each declaration goes to <sources>/<id>.yaml.');
  }
  if (id !== undefined && !isValidSourceId(id)) {
    throw new GraphformError('GF_INVALID_SOURCE_ID', `"${id}" is not a content source id: ids are 1 to 4 characters, a-z and 0-9.`);
  }
  const config = await configFor(input, host);
  if (all) await assertProjectFolder(config, host.cwd);
  const environment = config.resolveEnvironment(input.environment ?? config.defaultEnvironment);
  const backend = stateBackendFor(host, environment);
  return withStateLock(
    backend,
    id === undefined ? 'import --all' : `import ${id}`,
    async () => {
      const opened = await openEnvironment(host, config, environment);
      const result: ImportResult = { environment: environmentView(environment), target: opened.description, imported: [] };
      try {
        const state = (await backend.read()) ?? emptyState(randomUUID());
        const declared = await declaredSources(host, config);
        const ids = id === undefined ? await unmanagedIds(declared, opened.client, state) : [alreadyManaged(state, id, environment.name)];
        const read: { id: string; definition: SourceDefinition }[] = [];
        for (const next of ids) {
          if (host.signal?.aborted === true) return result;
          const back = await readBack(opened.client, next, opened.description);
          unknownFieldsNotice(host, next, back.unknown);
          // The client gave values that hold a secret as "[redacted]": named here, never written.
          const secrets = redactedDefinitionPaths(back.definition);
          if (secrets.length > 0) warn(host, 'GF_SECRET_IN_DEFINITION', `${secretValuesNotice(next, secrets)}.`);
          read.push({ id: next, definition: back.definition });
        }
        const importedAt = host.now().toISOString();
        const adoptions = read.map((source) => adopt(host, config, declared, source, { environment: environment.name, importedAt, out: input.out }));
        checkBeforeWriting(adoptions, stateDefinitions(state), config);
        await assertAbsent(adoptions.flatMap((a) => (a.write === undefined ? [] : [a.write.target])));

        let current = state;
        for (const adoption of adoptions) {
          if (host.signal?.aborted === true) break;
          // The file first: if recording state fails, a second import finds the declaration and only records state.
          if (adoption.write !== undefined) await writeNewFile(adoption.write.target, adoption.write.draft.text);
          current = withSource(current, adoption.id, stateEntry(adoption.definition, importedAt, TOOL_VERSION));
          await backend.write(current);
          const imported: ImportedSource = {
            id: adoption.id,
            definition: adoption.definition,
            ...(adoption.write === undefined ? {} : { file: adoption.write.target.shown }),
            ...(adoption.declaredIn === undefined ? {} : { declaredIn: adoption.declaredIn }),
          };
          result.imported.push(imported);
          input.onImported?.(imported, { target: opened.description, environment: environment.name });
        }
        return result;
      } finally {
        await opened.close();
      }
    },
    (text) => host.report({ kind: 'notice', text }),
  );
}

/** Source id → the file that declares it; none when the declarations folder does not exist yet (import creates it). */
async function declaredSources(host: WorkflowHost, config: ResolvedConfig): Promise<Map<string, string>> {
  try {
    const project = await loadProject(host, config);
    return new Map(project.declarations.map((d) => [d.id, d.file]));
  } catch (error) {
    if (isGraphformError(error) && error.code === 'GF_SOURCES_DIR_MISSING') return new Map();
    throw error;
  }
}

function adopt(
  host: WorkflowHost,
  config: ResolvedConfig,
  declared: ReadonlyMap<string, string>,
  source: { id: string; definition: SourceDefinition },
  where: { environment: string; importedAt: string; out: string | undefined },
): Adoption {
  const declaredIn = declared.get(source.id);
  // A declaration the user wrote is theirs: plan shows how it differs. --out asks for a file regardless.
  if (declaredIn !== undefined && where.out === undefined) return { ...source, declaredIn };
  const target = declarationTarget(config, host.cwd, source.id, where.out);
  const text = formatDeclaration(source.id, source.definition, {
    environment: where.environment,
    toolVersion: TOOL_VERSION,
    importedAt: where.importedAt,
    schemaPath: target.schemaPath,
  });
  return { ...source, write: { target, draft: { id: source.id, file: target.shown, text, definition: source.definition } } };
}

/** The same validation as `graphform validate`, on the texts about to be written; nothing is written when it fails. */
function checkBeforeWriting(adoptions: readonly Adoption[], stateSources: Record<string, SourceDefinition>, config: ResolvedConfig): void {
  const drafts = adoptions.flatMap((a) => (a.write === undefined ? [] : [a.write.draft]));
  if (drafts.length === 0) return;
  const context = draftContext(
    config,
    stateSources,
    adoptions.map((a) => a.id),
  );
  const { diagnostics, different } = checkDrafts(drafts, context);
  if (hasErrors(diagnostics)) {
    throw new InvalidDeclarationsError(diagnostics, new Map(drafts.map((d) => [d.file, d.text])), {
      code: 'GF_IMPORT_INVALID',
      message:
        `The declaration${drafts.length === 1 ? '' : 's'} graphform would write ${drafts.length === 1 ? 'does' : 'do'} not pass validation (above); ` +
        'nothing was written or imported.',
      hint: 'The service holds a definition graphform refuses to declare: check scalarTypes and reservedTypeNames in the config, or the names the source uses.',
    });
  }
  if (different.length > 0) {
    throw new Error(`the declaration written for ${different.join(', ')} would not read back as the service's definition`);
  }
}

function alreadyManaged(state: State, id: string, environment: string): string {
  if (Object.hasOwn(state.sources, id)) {
    throw new GraphformError('GF_IMPORT_ALREADY_MANAGED', `Source ${id} is already in the state of environment ${environment}.`, {
      hint: `Run \`graphform plan\` to compare it with its declaration, or \`graphform state rm ${id}\` first to import it afresh.`,
    });
  }
  return id;
}

/** The account's sources that are neither declared nor in state, the CMS's own excepted. */
async function unmanagedIds(declared: ReadonlyMap<string, string>, client: GraphClient, state: State): Promise<string[]> {
  const managed = new Set([...declared.keys(), ...Object.keys(state.sources)]);
  const listed = await client.listSources();
  return listed
    .map((s) => s.id)
    .filter((id) => id !== CMS_SOURCE_ID && !managed.has(id))
    .sort();
}

async function readBack(client: GraphClient, id: string, where: string): Promise<{ definition: SourceDefinition; unknown: string[] }> {
  const remote = await client.getTypes(id);
  if (remote.status === 'missing') {
    throw new GraphformError('GF_IMPORT_NOT_FOUND', `The service (${where}) has no source ${id}; there is nothing to import.`, {
      hint: 'Declare it and run `graphform apply` to create it.',
    });
  }
  if (remote.status === 'unsupported') {
    throw new GraphformError('GF_IMPORT_UNSUPPORTED', 'The service does not answer GET types, so graphform cannot read the source back to import it.');
  }
  // The published GET types carries the description; a service whose answer has none keeps
  // it in the sources API, when the service has one.
  if (remote.hasDescription) return { definition: remote.definition, unknown: remote.unknown };
  const listed = await client.getSource(id).catch((error: unknown) => {
    if (isSourcesUnsupported(error)) return undefined;
    throw error;
  });
  const description = listed?.description ?? '';
  return { definition: description === '' ? remote.definition : { ...remote.definition, description }, unknown: remote.unknown };
}

/** Names the fields graphform does not know, which it keeps verbatim: never dropped without a word. */
function unknownFieldsNotice(host: WorkflowHost, id: string, unknown: readonly string[]): void {
  if (unknown.length === 0) return;
  warn(
    host,
    'GF_UNKNOWN_FIELDS_KEPT',
    `source ${id} has fields graphform does not know: ` +
      `${unknown.join(', ')}. They are written under unknownFields at their level, compared by plan and sent back verbatim in every request for the source.`,
  );
}
