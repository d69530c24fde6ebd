/**
 * Text from the user's files (labels, names, messages quoting values, source lines) can
 * hold terminal control characters: ESC starts sequences that move the cursor, set the
 * window title or clear the screen, BEL rings. Shown raw, a declaration could rewrite what
 * a reviewer sees. These functions show such characters as visible escapes (`\u001b`)
 * instead, so the text reads the same in a terminal as in a file.
 */

/** Unicode's control characters (Cc: C0, DEL and C1) other than tab and newline. */
const CONTROL = /[^\P{Cc}\n\t]/gu;

/** A control character, with what follows it when that completes an SGR sequence (ESC [ digits;… m). */
const CONTROL_WITH_SGR_TAIL = /([^\P{Cc}\n\t])(\[[0-9;]*m)?/gu;

const ESC = '\u001b';

/** `\u001b` for ESC: four hex digits, as JSON writes it. */
function visible(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A user-derived string made safe to print: every control character but `\n` and `\t`
 * becomes a visible escape. Renderers apply it before colouring, so colour codes survive.
 */
export function escapeControl(text: string): string {
  return text.replace(CONTROL, visible);
}

/**
 * The last line of defence for whole output text, after rendering: escapes every control
 * character but `\n` and `\t`, keeping the SGR colour sequences when `keepColors` is set
 * (colour is on). A string a renderer forgot to escape can then still not move the cursor,
 * ring the bell, set the title or clear the screen.
 */
export function escapeTerminalText(text: string, keepColors: boolean): string {
  if (!keepColors) return escapeControl(text);
  // SGR ("select graphic rendition") sequences are the only ones chalk emits: they stay.
  return text.replace(CONTROL_WITH_SGR_TAIL, (match: string, control: string, sgrTail: string | undefined) =>
    control === ESC && sgrTail !== undefined ? match : `${visible(control)}${sgrTail ?? ''}`,
  );
}
