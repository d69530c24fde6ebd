import type { CommandRegistrar } from '../context.js';

/** Every command module, in the order `--help` lists them. */
export const registrars: CommandRegistrar[] = [];
