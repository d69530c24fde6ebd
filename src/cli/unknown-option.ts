import type { Command } from 'commander';
import { closestMatch } from '../diagnostics/suggest.js';

/** Commander calls this on the command being parsed; it is not in commander's typings. */
type WithUnknownOption = Command & { unknownOption(flag: string): void };

/**
 * A mistyped long option gets commander's own `(Did you mean --x?)` line, for the near misses
 * commander's edit distance does not reach: `plan --detailed` (a prefix of
 * `--detailed-exitcode`), `--detailedexit` (a long shared prefix), and whatever `closestMatch`
 * finds. Anything else falls through to commander, message and exit code unchanged.
 * Applied to each command separately: every command parses its own options.
 */
export function suggestUnknownOptions(command: Command): void {
  const target = command as WithUnknownOption;
  const commanderUnknownOption = target.unknownOption.bind(target);
  target.unknownOption = (flag: string): void => {
    const suggestion = flag.startsWith('--') ? optionSuggestion(flag, optionNames(command)) : undefined;
    // graphform allows no unknown options anywhere, so a suggestion is always an error.
    if (suggestion === undefined) commanderUnknownOption(flag);
    else command.error(`error: unknown option '${flag}'\n(Did you mean ${suggestion}?)`, { code: 'commander.unknownOption' });
  };
}

/** The long options that may follow the command: its own and, as positional options are off, its parents'. */
function optionNames(command: Command): string[] {
  const names: string[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) {
    for (const option of c.createHelp().visibleOptions(c)) if (option.long !== undefined) names.push(option.long);
  }
  return [...new Set(names)];
}

const MIN_PREFIX = 3;
const MIN_SHARED = 5;
const SHARED_SHARE = 0.6;

/**
 * `--x` or `one of --x, --y` for an unknown `--flag` (or `--flag=value`), or undefined:
 * the options it begins; else the closest by edit distance; else the options sharing the
 * longest prefix with it, when that prefix is at least 5 characters and 60% of the word.
 */
export function optionSuggestion(flag: string, longOptions: readonly string[]): string | undefined {
  const word = flag.slice(2).split('=')[0]?.toLowerCase() ?? '';
  if (word === '') return undefined;
  const names = longOptions.map((option) => option.slice(2));
  const begun = word.length >= MIN_PREFIX ? names.filter((name) => name.toLowerCase().startsWith(word)) : [];
  const close = closestMatch(word, names);
  let picks = begun.length > 0 ? begun : close !== undefined ? [close] : [];
  if (picks.length === 0) {
    const shared = names.map((name) => ({ name, length: sharedPrefix(word, name.toLowerCase()) }));
    const longest = Math.max(0, ...shared.map((s) => s.length));
    if (longest >= MIN_SHARED && longest >= SHARED_SHARE * word.length) picks = shared.filter((s) => s.length === longest).map((s) => s.name);
  }
  if (picks.length === 0) return undefined;
  const flags = picks.sort((a, b) => a.localeCompare(b)).map((name) => `--${name}`);
  return flags.length === 1 ? flags[0] : `one of ${flags.join(', ')}`;
}

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
