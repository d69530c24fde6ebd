import type { AuthState } from '../auth/state.js';
import type { EmulatorAsset, EmulatorMarketing } from '../types.js';

/** Read access to the marketing platform side, plus its clock, for tests and /_emulator/. */
export function createMarketing(auth: AuthState, assets: readonly EmulatorAsset[]): EmulatorMarketing {
  return {
    demoApp: { ...auth.apps.demo },
    apps: () => auth.apps.summaries(),
    tokens: () => auth.grants.counts(),
    assets: () => structuredClone([...assets]),
    now: () => auth.now(),
    async advanceClock(ms: number): Promise<void> {
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`the clock only moves forward by whole milliseconds, not ${ms}`);
      await auth.advanceClock(ms);
    },
  };
}
