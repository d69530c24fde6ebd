/** "expires 2026-11-22T11:00:00.000Z (in 59 min)" or "expired 2026-… (3 h ago; <then>)". */
export function describeExpiry(iso: string, nowMs: number, whenExpired: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'unknown';
  const left = at - nowMs;
  return left > 0 ? `expires ${iso} (in ${span(left)})` : `expired ${iso} (${span(-left)} ago; ${whenExpired})`;
}

function span(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
