/** A plain JSON object (not null, not an array): what every reader of untrusted JSON checks first. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
