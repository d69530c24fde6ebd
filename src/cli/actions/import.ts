import { randomUUID } from 'node:crypto';
import { GraphformError } from '../../diagnostics/errors.js';
import { isSourcesUnsupported } from '../../graph/errors.js';
import { CMS_SOURCE_ID, isValidSourceId } from '../../graph/source-id.js';
import type { GraphClient } from '../../graph/types.js';
import type { SourceDefinition } from '../../model/types.js';
import { emptyState, stateEntry, withSource } from '../../state/state.js';
import type { State } from '../../state/types.js';
import { TOOL_VERSION } from '../../version.js';
import type { CommandContext } from '../context.js';
import { withGuardedLock } from '../guarded.js';
import { exitCodeAfter } from '../interrupts.js';
import { loadProject } from '../load-project.js';
import { openEnvironment } from '../open-environment.js';
import { clock, stateBackendFor } from '../runtime.js';

/** `graphform import <id>` or `graphform import --all`. */
export async function importCommand(ctx: CommandContext, id: string | undefined, all: boolean): Promise<number> {
  if (all === (id !== undefined)) {
    throw new GraphformError('GF_IMPORT_USAGE', 'Name one source to import (`graphform import <id>`), or use --all; not both.');
  }
  if (id !== undefined && !isValidSourceId(id)) {
    throw new GraphformError('GF_INVALID_SOURCE_ID', `"${id}" is not a content source id: ids are 1 to 4 characters, a-z and 0-9.`);
  }
  const config = await ctx.loadConfig();
  const env = await ctx.environment();
  const backend = stateBackendFor(ctx, env);
  return withGuardedLock(ctx, backend, id === undefined ? 'import --all' : `import ${id}`, async (trap) => {
    const opened = await openEnvironment(ctx, config, env);
    try {
      const state = (await backend.read()) ?? emptyState(randomUUID());
      const ids = id === undefined ? await unmanagedIds(ctx, opened.client, state) : [alreadyManaged(state, id, env.name)];
      let current = state;
      const imported: string[] = [];
      for (const next of ids) {
        if (trap.signal.aborted) break;
        const definition = await readBack(opened.client, next, opened.description);
        current = withSource(current, next, stateEntry(definition, clock(ctx)().toISOString(), TOOL_VERSION));
        await backend.write(current);
        imported.push(next);
        ctx.out(`${ctx.color().green('Imported')} source ${next} from ${opened.description} into the state of environment ${env.name}. Nothing was sent to the service.`);
      }
      if (ids.length === 0) ctx.out(`The account has no sources outside graphform to import (environment ${env.name}).`);
      else ctx.out('Run `graphform plan` to see how the declarations differ from what the service has; a source without a declaration shows as orphaned until you declare it.');
      return exitCodeAfter(trap, 0);
    } finally {
      await opened.close();
    }
  });
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
async function unmanagedIds(ctx: CommandContext, client: GraphClient, state: State): Promise<string[]> {
  const project = await loadProject(ctx);
  const managed = new Set([...project.declarations.map((d) => d.id), ...Object.keys(state.sources)]);
  const listed = await client.listSources();
  return listed
    .map((s) => s.id)
    .filter((id) => id !== CMS_SOURCE_ID && !managed.has(id))
    .sort();
}

async function readBack(client: GraphClient, id: string, where: string): Promise<SourceDefinition> {
  const remote = await client.getTypes(id);
  if (remote.status === 'missing') {
    throw new GraphformError('GF_IMPORT_NOT_FOUND', `The service (${where}) has no source ${id}; there is nothing to import.`, {
      hint: 'Declare it and run `graphform apply` to create it.',
    });
  }
  if (remote.status === 'unsupported') {
    throw new GraphformError('GF_IMPORT_UNSUPPORTED', 'The service does not answer GET types, so graphform cannot read the source back to import it.');
  }
  // GET types knows no description; the sources API does, when the service has one.
  const listed = await client.getSource(id).catch((error: unknown) => {
    if (isSourcesUnsupported(error)) return undefined;
    throw error;
  });
  const description = listed?.description ?? '';
  return description === '' ? remote.definition : { ...remote.definition, description };
}
