import type { GlobalOptions } from './context.js';

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

function quoteArg(value: string): string {
  return /^[\w./@:-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
