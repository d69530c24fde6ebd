/** graphform's working folder: local state and the embedded emulator's data, credentials included. */
export const GRAPHFORM_DIR_ENTRY = '.graphform/';

const COMMENT = "# graphform: local state and the embedded emulator's data (with its credentials)";

/**
 * A line that already decides about the folder, whether it ignores it (`.graphform`,
 * `/.graphform/`, `**\/.graphform/*`, …) or un-ignores it (`!.graphform/`): either way the
 * user has chosen, so init adds nothing.
 */
const DECIDES = /^!?(\/|\*\*\/)?\.graphform(\/(\*{1,2})?)?$/;

/**
 * What init adds to .gitignore: the whole file when there is none (`existing` undefined),
 * the lines to append when it does not mention the folder yet, or undefined when it does.
 * Appending (never rewriting) keeps the user's file as it is; the line ending follows theirs.
 */
export function gitignoreAddition(existing: string | undefined): string | undefined {
  if (existing === undefined) return `${COMMENT}\n${GRAPHFORM_DIR_ENTRY}\n`;
  const lines = existing.split(/\r?\n/).map((line) => line.replace(/(?<!\\)\s+$/, ''));
  if (lines.some((line) => DECIDES.test(line))) return undefined;
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  const separator = existing === '' ? '' : existing.endsWith('\n') ? eol : `${eol}${eol}`;
  return `${separator}${COMMENT}${eol}${GRAPHFORM_DIR_ENTRY}${eol}`;
}
