import type { CommandRegistrar } from '../context.js';
import { registerInit } from './init.js';

/** Every command module, in the order `--help` lists them. */
export const registrars: CommandRegistrar[] = [
  registerInit,
];
