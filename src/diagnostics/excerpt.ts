/** How many characters of a value or line a message quotes, unless told otherwise. */
export const EXCERPT_CHARS = 60;

/**
 * Control characters (C0, DEL, C1), line and paragraph separators and the bidirectional
 * overrides: shown as `\u001b`-style escapes, so a quoted value can neither drive the
 * terminal nor hide what it says.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` with unprintable characters escaped, keeping everything else as it is. */
export function escapeUnprintable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A short, printable quote of a value from a user's file: at most `max` characters of it
 * (then "…"), escaped. A message never carries more of a file than this, however long
 * the value is, so a file that is not what it seems (a secret, a device) cannot spill.
 */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  if (text.length <= max) return escapeUnprintable(text);
  // Escapes make the text longer: cut first, never inside a surrogate pair, then escape.
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${escapeUnprintable(text.slice(0, end))}…`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
