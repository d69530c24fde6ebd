import type { GraphformError } from '../diagnostics/errors.js';
import type { GraphClient } from '../graph/types.js';
import type { SourceDefinition } from '../model/types.js';
import type { PlanRequest, PlanSource } from '../plan/types.js';
import type { WriteVerifier } from './verify-write.js';

/** A source's requests were all sent and, when verified, read back as sent; or one read back differently and the rest were not sent. */
export type Sent = { consistent: true } | { consistent: false; error: GraphformError; held: SourceDefinition | undefined };

/**
 * The source's requests, one after another: each is idempotent, so a re-run after a failure
 * between them is safe. With a verifier each write is read back before the next is sent;
 * the first that differs stops the source, with what the service holds (`before` is what
 * it held before the first request).
 */
export async function sendRequests(
  client: GraphClient,
  source: PlanSource,
  verify: WriteVerifier | undefined,
  before: SourceDefinition | undefined,
): Promise<Sent> {
  let held = before;
  for (const request of source.requests) {
    await sendOne(client, source.id, request);
    if (verify === undefined) continue;
    const verdict = await verify(source.id, request, held);
    if (!verdict.ok) return { consistent: false, error: verdict.error, held: verdict.held };
    held = verdict.held;
  }
  return { consistent: true };
}

async function sendOne(client: GraphClient, id: string, request: PlanRequest): Promise<void> {
  switch (request.kind) {
    case 'types.put':
      return client.putTypes(id, request.body);
    case 'types.post':
      return client.postTypes(id, request.body);
    case 'sources.post':
      return client.updateSource(id, request.body);
    case 'sources.delete':
      return client.deleteSource(id);
    default: {
      const unreachable: never = request;
      return unreachable;
    }
  }
}
