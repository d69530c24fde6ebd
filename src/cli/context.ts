import { Chalk, type ChalkInstance } from 'chalk';
import type { Command } from 'commander';
import type { EnvironmentConfig, ResolvedConfig } from '../config/types.js';
import type { CliIO } from './io.js';

export type OutputFormat = 'text' | 'json' | 'markdown';

export interface GlobalOptions {
  config: string | undefined;
  env: string | undefined;
  format: OutputFormat;
  color: boolean;
  verbose: boolean;
}

/**
 * What a command gets: the process's streams and environment, the parsed global options,
 * and lazy access to the config. Commands return an exit code; they never call process.exit.
 */
export interface CommandContext {
  readonly io: CliIO;
  globals(): GlobalOptions;
  /** Colours for stdout, following NO_COLOR, FORCE_COLOR, --no-color and TTY detection. */
  color(): ChalkInstance;
  /** Colours for stderr (it may be a TTY when stdout is not). */
  colorErr(): ChalkInstance;
  out(text: string): void;
  err(text: string): void;
  /** Loaded once per invocation. */
  loadConfig(): Promise<ResolvedConfig>;
  /** The environment named by --env, or the config's default. */
  environment(): Promise<EnvironmentConfig>;
}

export type CommandHandler = (ctx: CommandContext) => Promise<number>;

/** A command module registers its subcommands on the program; handlers report exit codes. */
export type CommandRegistrar = (program: Command, run: (handler: CommandHandler) => Promise<void>) => void;

export function colorLevel(io: CliIO, enabled: boolean, isTTY: boolean | undefined): 0 | 1 | 2 | 3 {
  if (!enabled) return 0;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const n = Number(force);
    return n >= 1 && n <= 3 ? (n as 1 | 2 | 3) : 1;
  }
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return 0;
  if (io.env.TERM === 'dumb') return 0;
  return isTTY ? 1 : 0;
}

export function makeChalk(level: 0 | 1 | 2 | 3): ChalkInstance {
  return new Chalk({ level });
}
