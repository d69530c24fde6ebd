import type { GlobalOptions } from './context.js';

/**
 * A GraphformError's hint is written for every caller, so it names a workflow's option
 * (`allowDataLoss`), not a flag only the command line has. The command line shows the flag
 * (or the variable) that sets that option instead.
 */
const OPTION_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['`allowDataLoss`', '--allow-data-loss'],
  ['`allowEmpty`', 'GRAPHFORM_ALLOW_EMPTY=1'],
  ['`configFile`', '--config'],
  ['`prune`', '--prune'],
  ['`refresh: false`', '--no-refresh'],
  ['`out`', '`--out FILE`'],
  ['`dataDir`', '--data-dir'],
  ['`port`', '--port'],
  ['`timeoutMs`', '--timeout'],
  ['`documents`', '--documents'],
  // A data.* number in the config is also set by a push's option (batchBytes, …), by a flag here.
  ['the matching input option', 'the matching command-line flag'],
];

/** A hint as the command line shows it: each option it names, as the flag that sets it. */
export function hintWithFlags(hint: string): string {
  const flagged = OPTION_FLAGS.reduce((text, [option, flag]) => text.split(option).join(flag), hint);
  // The environment option with its value (`environment: 'test'`) is the --env flag with it.
  return flagged.replace(/`environment: '([^'`]+)'`/g, '--env $1');
}

/**
 * Hints name commands to run next ("run `graphform state unlock <id>`"). When this run was
 * given --env or --config, the hint must carry them too, or it acts on another environment:
 * every quoted `graphform <command>` in text for people gets the same flags, in one place.
 */
export function withInvocationFlags(text: string, globals: Pick<GlobalOptions, 'env' | 'config'>): string {
  const flags = [
    ...(globals.config === undefined ? [] : [`--config ${quoteArg(globals.config)}`]),
    ...(globals.env === undefined ? [] : [`--env ${quoteArg(globals.env)}`]),
  ];
  if (flags.length === 0) return text;
  // Only commands quoted as commands (`graphform …`): prose such as "graphform plan for
  // environment local" stays as it is.
  return text.replace(/`graphform (?=[a-z])/g, `\`graphform ${flags.join(' ')} `);
}

/** A value as a POSIX shell reads it back: bare when it holds nothing the shell would change, else single-quoted. */
export function quoteArg(value: string): string {
  return /^[\w./@:-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
