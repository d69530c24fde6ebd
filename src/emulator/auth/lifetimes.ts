import type { AppMode } from '../types.js';

/** Lifetimes from the contract's Limits table, plus the emulator's own choices for codes and ID tokens. */
export const CODE_LIFETIME_MS = 60_000;
export const REFRESH_TOKEN_LIFETIME_MS = 365 * 24 * 3_600_000;
export const ID_TOKEN_LIFETIME_S = 3_600;

export function accessTokenLifetimeMs(mode: AppMode): number {
  switch (mode) {
    case 'production':
      return 3_600_000;
    case 'development':
      return 30 * 24 * 3_600_000;
    default: {
      const unknown: never = mode;
      throw new Error(`unknown app mode ${String(unknown)}`);
    }
  }
}
