import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares secrets in constant time. */
export function sameText(a: string, b: string): boolean {
  // Hash first: timingSafeEqual needs equal lengths, and lengths must not leak either.
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}
