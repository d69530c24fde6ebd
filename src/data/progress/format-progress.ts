import type { ProgressSnapshot } from '../types.js';

const MIB = 1024 * 1024;

/** Sizes in binary units throughout (KiB, MiB, GiB), with the names that say so. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MIB) return `${(bytes / (1024 * MIB)).toFixed(2)} GiB`;
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${Math.round(bytes)} B`;
}

/**
 * A rate needs some time behind it: over the first moments a few bytes in a few
 * microseconds would read as gigabytes per second.
 */
const MIN_SECONDS_FOR_RATE = 1;

export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** Fraction done in [0, 1], from bytes when the total is known, else from items. */
export function fractionDone(s: ProgressSnapshot): number | undefined {
  if (s.totalBytes !== undefined && s.totalBytes > 0) return Math.min(1, s.bytes / s.totalBytes);
  if (s.totalItems !== undefined && s.totalItems > 0) return Math.min(1, s.items / s.totalItems);
  return undefined;
}

/** For a bar: "validating  45%  120,000 items  88.1 MiB  35.2 MiB/s  ETA 12s" */
export function formatProgressText(s: ProgressSnapshot, elapsedSeconds: number): string {
  return [s.phase === 'validate' ? 'validating' : 'sending   ', ...progressParts(s, elapsedSeconds)].join('  ');
}

/** For a log line: "validating: 45%, 120,000 items, 88.1 MiB, 35.2 MiB/s, ETA 12s" */
export function formatProgressLine(s: ProgressSnapshot, elapsedSeconds: number): string {
  return `${s.phase === 'validate' ? 'validating' : 'sending'}: ${progressParts(s, elapsedSeconds).join(', ')}`;
}

function progressParts(s: ProgressSnapshot, elapsedSeconds: number): string[] {
  const fraction = fractionDone(s);
  const parts: string[] = [];
  if (fraction !== undefined) parts.push(`${String(Math.floor(fraction * 100)).padStart(3)}%`);
  parts.push(`${formatCount(s.items)}${s.totalItems === undefined ? '' : `/${formatCount(s.totalItems)}`} items`);
  if (s.phase === 'send') parts.push(`${formatCount(s.batches)} batches`);
  parts.push(formatBytes(s.bytes));
  if (elapsedSeconds >= MIN_SECONDS_FOR_RATE) parts.push(`${formatBytes(s.bytes / elapsedSeconds)}/s`);
  if (fraction !== undefined && fraction > 0 && fraction < 1 && elapsedSeconds > 1)
    parts.push(`ETA ${Math.ceil((elapsedSeconds / fraction) * (1 - fraction))}s`);
  if (s.failedBatches > 0) parts.push(`${s.failedBatches} failed`);
  return parts;
}

export function progressBar(fraction: number, width: number): string {
  const full = Math.round(fraction * width);
  return `${'█'.repeat(full)}${'░'.repeat(width - full)}`;
}
