import { GraphformError } from '../../diagnostics/errors.js';

/** The code plan throws when its stop signal fires before the plan is complete. */
export const PLAN_INTERRUPTED = 'GF_PLAN_INTERRUPTED';

/**
 * Stops planning once the stop signal has fired, between steps: the request in flight was let
 * end, no new one starts. A plan cut short would be made from half the service's answers (a
 * source not read looks new), so none is returned.
 */
export function stopIfInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted !== true) return;
  throw new GraphformError(PLAN_INTERRUPTED, 'Planning was interrupted before the plan was complete: no plan was made, and nothing was sent.', {
    hint: 'Run plan again when it can finish.',
  });
}
