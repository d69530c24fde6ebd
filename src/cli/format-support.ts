import type { Command } from 'commander';
import { GraphformError } from '../diagnostics/errors.js';
import type { OutputFormat } from './context.js';

const TEXT_JSON: readonly OutputFormat[] = ['text', 'json'];

/**
 * The `--format` values each command renders, by its path ("data push"). `--format` is a
 * global option, so commander accepts any of the three everywhere; without this table a
 * command that has no JSON or markdown form would silently print text and a pipeline
 * would parse prose. A command missing here renders text only (a test keeps it complete).
 */
export const FORMATS_BY_COMMAND: Readonly<Record<string, readonly OutputFormat[]>> = {
  init: ['text'],
  validate: TEXT_JSON,
  plan: ['text', 'json', 'markdown'],
  apply: TEXT_JSON,
  import: ['text'],
  'state list': TEXT_JSON,
  'state show': TEXT_JSON,
  'state rm': TEXT_JSON,
  'state unlock': TEXT_JSON,
  'data validate': TEXT_JSON,
  'data push': TEXT_JSON,
  'data purge': TEXT_JSON,
  'data restore': TEXT_JSON,
  codegen: TEXT_JSON,
  'check-operations': ['text', 'json', 'markdown'],
  'auth login': TEXT_JSON,
  'auth status': TEXT_JSON,
  'auth refresh': TEXT_JSON,
  'auth logout': TEXT_JSON,
  'assets list': TEXT_JSON,
  'assets sync': TEXT_JSON,
  emulator: TEXT_JSON,
};

/** "data push" for the `push` subcommand of `data`: the path below the program. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Refuses a `--format` the command does not render, naming the ones it does. */
export function checkFormat(command: Command, format: OutputFormat): void {
  const path = commandPath(command);
  const supported = FORMATS_BY_COMMAND[path] ?? ['text'];
  if (supported.includes(format)) return;
  const list = supported.map((f) => `--format ${f}`).join(', ');
  throw new GraphformError('GF_USAGE', `graphform ${path} does not support --format ${format}; it supports ${list}.`, {
    details: { command: path, format, supported: [...supported] },
  });
}
