import type { SourceDeclaration } from '../model/types.js';
import { APPLY_WAIT_CODES, duration, listed, type ServiceWaits } from './service-waits.js';
import type { ApplyEvent, SourceOutcome } from './types.js';

/** How a wait for the new schema ended: served, stopped by an interrupt, or failed with a message and a code. */
export type SchemaStep = { ok: true } | { ok: false; stopped: true } | { ok: false; stopped: false; error: string; code: string };

/**
 * Waits until GraphQL serves the source's declared schema before its items are pushed,
 * noting the wait in `outcome.schemaWait`. `pushing` says what would be pushed ("its data
 * files", "its changed data items"), for the message when nothing is.
 */
export async function awaitSchema(
  waits: ServiceWaits,
  declaration: SourceDeclaration,
  outcome: SourceOutcome,
  pushing: string,
  onEvent?: (event: ApplyEvent) => void,
): Promise<SchemaStep> {
  const id = declaration.id;
  const schema = await waits.schema(declaration, (gap, waitedMs) => onEvent?.({ type: 'schema-waiting', id, waitedMs, timeoutMs: waits.schemaTimeoutMs, gap }));
  outcome.schemaWait = { outcome: schema.outcome, waitedMs: schema.waitedMs, missing: schema.missing };
  if (schema.outcome === 'stopped') return { ok: false, stopped: true };
  if (schema.unexpected !== undefined) {
    return {
      ok: false,
      stopped: false,
      error: `GraphQL serves a schema graphform does not expect for source ${id}: ${schema.unexpected}; ${pushing} were not pushed`,
      code: APPLY_WAIT_CODES.schemaUnexpected,
    };
  }
  if (schema.outcome !== 'done') {
    const lacks = schema.missing.length > 0 && schema.missing[0] !== 'the schema' ? `; it still lacks ${listed(schema.missing)}` : '';
    return {
      ok: false,
      stopped: false,
      error:
        'GraphQL did not serve the new schema of source ' +
        `${id} within ${duration(waits.schemaTimeoutMs)}${lacks}${schema.reason === undefined ? '' : ` (${schema.reason})`}; ${pushing} were not pushed`,
      code: APPLY_WAIT_CODES.schemaNotServed,
    };
  }
  onEvent?.({ type: 'schema-served', id, waitedMs: schema.waitedMs });
  return { ok: true };
}
