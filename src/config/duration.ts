/** The longest a Node timer waits (2^31 - 1 ms, about 24.8 days): a longer wait would end at once. */
const MAX_MS = 2_147_483_647;

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * `20m`, `30s`, `500ms`, `1h` (a whole number and a unit, `0` alone too) in milliseconds;
 * undefined for anything else, or for more than a timer can wait.
 */
export function parseDuration(text: string): number | undefined {
  if (text.trim() === '0') return 0;
  const match = /^\s*(\d{1,10})\s*(ms|s|m|h)\s*$/.exec(text);
  if (match === null) return undefined;
  const ms = Number(match[1]) * (UNITS[match[2] as string] ?? 0);
  return ms <= MAX_MS ? ms : undefined;
}
