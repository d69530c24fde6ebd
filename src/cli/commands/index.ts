import type { CommandRegistrar } from '../context.js';
import { registerInit } from './init.js';
import { registerValidate } from './validate.js';
import { registerPlan } from './plan.js';
import { registerApply } from './apply.js';
import { registerEmulator } from './emulator.js';
import { registerDataCommands } from './data.js';
import { registerState } from './state.js';

/** Every command module, in the order `--help` lists them. */
export const registrars: CommandRegistrar[] = [
  registerInit,
  registerValidate,
  registerPlan,
  registerApply,
  registerEmulator,
  registerDataCommands,
  registerState,
];
