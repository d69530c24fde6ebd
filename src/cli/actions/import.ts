import { randomUUID } from 'node:crypto';
import { GraphformError } from '../../diagnostics/errors.js';
import { assertValidSourceId } from '../../graph/source-id.js';
import { emptyState, stateEntry, withSource } from '../../state/state.js';
import { TOOL_VERSION } from '../../version.js';
import type { CommandContext } from '../context.js';
import { withGuardedLock } from '../guarded.js';
import { openEnvironment } from '../open-environment.js';
import { clock, stateBackendFor } from '../runtime.js';


export async function importSource(ctx: CommandContext, id: string): Promise<number> {
  try {
    assertValidSourceId(id);
  } catch {
    throw new GraphformError('GF_INVALID_SOURCE_ID', `"${id}" is not a content source id: ids are 1 to 4 characters, a-z and 0-9.`);
  }
  const config = await ctx.loadConfig();
  const env = await ctx.environment();
  const backend = stateBackendFor(ctx, env);
  return withGuardedLock(ctx, backend, `import ${id}`, async () => {
    const opened = await openEnvironment(ctx, config, env);
    try {
      const state = await backend.read();
      if (state?.sources[id] !== undefined) {
        throw new GraphformError('GF_IMPORT_ALREADY_MANAGED', `Source ${id} is already in the state of environment ${env.name}.`, {
          hint: `Run \`graphform plan\` to compare it with its declaration, or \`graphform state rm ${id}\` first to import it afresh.`,
        });
      }
      const remote = await opened.client.getTypes(id);
      if (remote.status === 'missing') {
        throw new GraphformError('GF_IMPORT_NOT_FOUND', `The service (${opened.description}) has no source ${id}; there is nothing to import.`, {
          hint: 'Declare it and run `graphform apply` to create it.',
        });
      }
      if (remote.status === 'unsupported') {
        throw new GraphformError('GF_IMPORT_UNSUPPORTED', 'The service does not answer GET types, so graphform cannot read the source back to import it.');
      }
      const appliedAt = clock(ctx)().toISOString();
      await backend.write(withSource(state ?? emptyState(randomUUID()), id, stateEntry(remote.definition, appliedAt, TOOL_VERSION)));
      ctx.out(`${ctx.color().green('Imported')} source ${id} from ${opened.description} into the state of environment ${env.name}. Nothing was sent to the service.`);
      ctx.out('Run `graphform plan` to see how its declaration differs from what the service has.');
      return 0;
    } finally {
      await opened.close();
    }
  });
}
