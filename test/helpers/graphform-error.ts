import { GraphformError } from '../../src/diagnostics/errors.js';

/** The GraphformError `run` throws; anything else it throws goes on, and not throwing fails the test. */
export function thrownBy(run: () => unknown): GraphformError {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphformError) return error;
    throw error;
  }
  throw new Error('expected a GraphformError');
}

/** The GraphformError `promise` rejects with, likewise. */
export async function rejection(promise: Promise<unknown>): Promise<GraphformError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GraphformError) return error;
    throw error;
  }
  throw new Error('expected a GraphformError');
}
