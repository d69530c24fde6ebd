import { randomUUID } from 'node:crypto';
import type { ResolvedConfig } from '../../config/types.js';
import { hasErrors } from '../../diagnostics/diagnostic.js';
import { GraphformError, isGraphformError } from '../../diagnostics/errors.js';
import { checkDrafts, draftContext, type DeclarationDraft } from '../../declare/check-declarations.js';
import { formatDeclaration } from '../../declare/format-declaration.js';
import { isSourcesUnsupported } from '../../graph/errors.js';
import { redactedDefinitionPaths } from '../../graph/secret-values.js';
import { CMS_SOURCE_ID, isValidSourceId } from '../../graph/source-id.js';
import type { GraphClient } from '../../graph/types.js';
import type { SourceDefinition } from '../../model/types.js';
import { secretValuesNotice } from '../../plan/reasons.js';
import { renderDiagnosticsText } from '../../render/diagnostics-text.js';
import { emptyState, stateDefinitions, stateEntry, withSource } from '../../state/state.js';
import type { State } from '../../state/types.js';
import { TOOL_VERSION } from '../../version.js';
import type { CommandContext } from '../context.js';
import { withGuardedLock } from '../guarded.js';
import { assertAbsent, assertProjectFolder, declarationTarget, writeNewFile, type DeclarationTarget } from '../../workflows/import-files.js';
import { exitCodeAfter } from '../interrupts.js';
import { loadProject } from '../../workflows/load-project.js';
import { openEnvironment } from '../../workflows/open-environment.js';
import { stateBackendFor } from '../../workflows/runtime.js';
import { clock, workflowEnvironmentFor } from '../workflow-environment.js';

export interface ImportOptions {
  all: boolean;
  /** `--out FILE`: where the one source's declaration goes instead of `<sources>/<id>.yaml`. */
  out: string | undefined;
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
 * declaration (validated first, never over an existing file) and records it in state.
 * Nothing is sent to the service.
 */
export async function importCommand(ctx: CommandContext, id: string | undefined, options: ImportOptions): Promise<number> {
  if (options.all === (id !== undefined)) {
    throw new GraphformError('GF_IMPORT_USAGE', 'Name one source to import (graphform import <id>), or use --all; not both.');
  }
  if (options.all && options.out !== undefined) {
    throw new GraphformError('GF_IMPORT_USAGE', '--out names the file of one source; with --all each declaration goes to <sources>/<id>.yaml.');
  }
  if (id !== undefined && !isValidSourceId(id)) {
    throw new GraphformError('GF_INVALID_SOURCE_ID', `"${id}" is not a content source id: ids are 1 to 4 characters, a-z and 0-9.`);
  }
  const config = await ctx.loadConfig();
  if (options.all) await assertProjectFolder(config, ctx.io.cwd);
  const env = await ctx.environment();
  const backend = stateBackendFor(workflowEnvironmentFor(ctx), env);
  return withGuardedLock(ctx, backend, id === undefined ? 'import --all' : `import ${id}`, async (trap) => {
    const opened = await openEnvironment(workflowEnvironmentFor(ctx), config, env);
    try {
      const state = (await backend.read()) ?? emptyState(randomUUID());
      const declared = await declaredSources(ctx);
      const ids = id === undefined ? await unmanagedIds(declared, opened.client, state) : [alreadyManaged(state, id, env.name)];
      if (ids.length === 0) {
        ctx.out(`The account has no sources outside graphform to import (environment ${env.name}).`);
        return 0;
      }
      const read: { id: string; definition: SourceDefinition }[] = [];
      for (const next of ids) {
        if (trap.signal.aborted) return exitCodeAfter(trap, 0);
        const back = await readBack(opened.client, next, opened.description);
        unknownFieldsNotice(ctx, next, back.unknown);
        // The client gave values that hold a secret as "[redacted]": named here, never written.
        const secrets = redactedDefinitionPaths(back.definition);
        if (secrets.length > 0) ctx.err(ctx.colorErr().yellow(`warning: ${secretValuesNotice(next, secrets)}.`));
        read.push({ id: next, definition: back.definition });
      }
      const importedAt = clock(ctx)().toISOString();
      const adoptions = read.map((source) => adopt(ctx, config, declared, source, { environment: env.name, importedAt, out: options.out }));
      checkBeforeWriting(ctx, adoptions, stateDefinitions(state), config);
      await assertAbsent(adoptions.flatMap((a) => (a.write === undefined ? [] : [a.write.target])));

      let current = state;
      for (const adoption of adoptions) {
        if (trap.signal.aborted) break;
        // The file first: if recording state fails, a second import finds the declaration and only records state.
        if (adoption.write !== undefined) await writeNewFile(adoption.write.target, adoption.write.draft.text);
        current = withSource(current, adoption.id, stateEntry(adoption.definition, importedAt, TOOL_VERSION));
        await backend.write(current);
        ctx.out(importedLine(ctx, adoption, opened.description, env.name));
      }
      ctx.out(
        adoptions.every((a) => a.write !== undefined)
          ? 'Commit the new declaration files; `graphform plan` shows no changes for these sources.'
          : 'Run `graphform plan` to see how the declarations you wrote differ from the service; those graphform wrote show no changes.',
      );
      return exitCodeAfter(trap, 0);
    } finally {
      await opened.close();
    }
  });
}

/** Source id → the file that declares it; none when the declarations folder does not exist yet (import creates it). */
async function declaredSources(ctx: CommandContext): Promise<Map<string, string>> {
  try {
    const project = await loadProject(workflowEnvironmentFor(ctx), await ctx.loadConfig());
    return new Map(project.declarations.map((d) => [d.id, d.file]));
  } catch (error) {
    if (isGraphformError(error) && error.code === 'GF_SOURCES_DIR_MISSING') return new Map();
    throw error;
  }
}

function adopt(
  ctx: CommandContext,
  config: ResolvedConfig,
  declared: ReadonlyMap<string, string>,
  source: { id: string; definition: SourceDefinition },
  where: { environment: string; importedAt: string; out: string | undefined },
): Adoption {
  const declaredIn = declared.get(source.id);
  // A declaration the user wrote is theirs: plan shows how it differs. --out asks for a file regardless.
  if (declaredIn !== undefined && where.out === undefined) return { ...source, declaredIn };
  const target = declarationTarget(config, ctx.io.cwd, source.id, where.out);
  const text = formatDeclaration(source.id, source.definition, {
    environment: where.environment,
    toolVersion: TOOL_VERSION,
    importedAt: where.importedAt,
    schemaPath: target.schemaPath,
  });
  return { ...source, write: { target, draft: { id: source.id, file: target.shown, text, definition: source.definition } } };
}

/** The same validation as `graphform validate`, on the texts about to be written; nothing is written when it fails. */
function checkBeforeWriting(ctx: CommandContext, adoptions: readonly Adoption[], stateSources: Record<string, SourceDefinition>, config: ResolvedConfig): void {
  const drafts = adoptions.flatMap((a) => (a.write === undefined ? [] : [a.write.draft]));
  if (drafts.length === 0) return;
  const context = draftContext(config, stateSources, adoptions.map((a) => a.id));
  const { diagnostics, different } = checkDrafts(drafts, context);
  if (hasErrors(diagnostics)) {
    ctx.err(renderDiagnosticsText(diagnostics, { color: ctx.colorErr(), sources: new Map(drafts.map((d) => [d.file, d.text])) }));
    throw new GraphformError('GF_IMPORT_INVALID', `The declaration${drafts.length === 1 ? '' : 's'} graphform would write ${drafts.length === 1 ? 'does' : 'do'} not pass validation (above); nothing was written or imported.`, {
      hint: 'The service holds a definition graphform refuses to declare: check scalarTypes and reservedTypeNames in the config, or the names the source uses.',
    });
  }
  if (different.length > 0) {
    throw new Error(`the declaration written for ${different.join(', ')} would not read back as the service's definition`);
  }
}

function importedLine(ctx: CommandContext, adoption: Adoption, where: string, environment: string): string {
  const head = `${ctx.color().green('Imported')} source ${adoption.id} from ${where} into the state of environment ${environment}`;
  if (adoption.write !== undefined) return `${head}, and wrote its declaration to ${adoption.write.target.shown}. Nothing was sent to the service.`;
  return `${head}. Nothing was sent to the service. Its declaration, ${adoption.declaredIn ?? ''}, is left as it is.`;
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
function unknownFieldsNotice(ctx: CommandContext, id: string, unknown: readonly string[]): void {
  if (unknown.length === 0) return;
  ctx.err(
    ctx.colorErr().yellow(
      `warning: source ${id} has fields graphform does not know: ${unknown.join(', ')}. They are written under unknownFields at their level, compared by plan and sent back verbatim in every request for the source.`,
    ),
  );
}
