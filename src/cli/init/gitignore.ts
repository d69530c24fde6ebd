/** graphform's working folder: local state and the embedded emulator's data, credentials included. */
export const GRAPHFORM_DIR_ENTRY = '.graphform/';

/** One thing init makes git ignore, the lines it writes for it, and the lines that show the user has decided already. */
interface IgnoreEntry {
  comment: string;
  lines: readonly string[];
  /**
   * A line that already decides about it, whether it ignores it (`.graphform`, `/.graphform/`,
   * `**\/.graphform/*`, …) or un-ignores it (`!.graphform/`): either way the user has chosen.
   */
  decides: RegExp;
}

const ENTRIES: readonly IgnoreEntry[] = [
  {
    comment: "# graphform: local state and the embedded emulator's data (with its credentials)",
    lines: [GRAPHFORM_DIR_ENTRY],
    decides: /^!?(\/|\*\*\/)?\.graphform(\/(\*{1,2})?)?$/,
  },
  { comment: '# installed packages', lines: ['node_modules/'], decides: /^!?(\/|\*\*\/)?node_modules(\/(\*{1,2})?)?$/ },
  // The pipeline's saved plans (`graphform plan --out plan.json`, the CI files init writes): made for one run, not for the repository.
  // plan.md and the like are the same plans rendered for people (`plan --format markdown > plan.md`, as the CI files write them).
  { comment: '# graphform: saved plans', lines: ['plan.json', '*.plan.json', 'plan.md', '*.plan.md'], decides: /^!?(\/|\*\*\/)?(\*\.)?plan\.json$/ },
  // What the CI jobs write besides the plans (their errors, the comment or note they post, the child pipeline), all named graphform-*.
  {
    comment: "# graphform: the CI jobs' work files",
    lines: ['graphform-*.txt', 'graphform-*.md', 'graphform-*.json', 'graphform-*.tsv', 'graphform-approval.yml'],
    decides: /^!?(\/|\*\*\/)?graphform-\*\.txt$/,
  },
];

/** What init adds to .gitignore, and the entries it adds (for the line init prints). */
export interface GitignoreAddition {
  text: string;
  added: string[];
}

/**
 * What init adds to .gitignore: the whole file when there is none (`existing` undefined),
 * the lines to append for each entry it does not mention yet, or undefined when it mentions
 * them all. Appending (never rewriting) keeps the user's file as it is; the line ending
 * follows theirs.
 */
export function gitignoreAddition(existing: string | undefined): GitignoreAddition | undefined {
  const lines = (existing ?? '').split(/\r?\n/).map((line) => line.replace(/(?<!\\)\s+$/, ''));
  const missing = ENTRIES.filter((entry) => !lines.some((line) => entry.decides.test(line)));
  if (missing.length === 0) return undefined;
  const eol = existing?.includes('\r\n') === true ? '\r\n' : '\n';
  const block = missing.map((entry) => [entry.comment, ...entry.lines].join(eol)).join(eol) + eol;
  const separator = existing === undefined || existing === '' ? '' : existing.endsWith('\n') ? eol : `${eol}${eol}`;
  return { text: `${separator}${block}`, added: missing.flatMap((entry) => entry.lines) };
}

/** Every line init would add, for the messages that name them. */
export const IGNORED_ENTRIES: readonly string[] = ENTRIES.flatMap((entry) => entry.lines);
