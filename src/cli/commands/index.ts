import type { CommandRegistrar } from '../context.js';
import { registerApply } from './apply.js';
import { registerAssets } from './assets.js';
import { registerAuth } from './auth.js';
import { registerCheckOperations } from './check-operations.js';
import { registerCodegen } from './codegen.js';
import { registerDataCommands } from './data.js';
import { registerEmulator } from './emulator.js';
import { registerImport } from './import.js';
import { registerInit } from './init.js';
import { registerPlan } from './plan.js';
import { registerState } from './state.js';
import { registerValidate } from './validate.js';

/** Every command module, in the order `--help` lists them. */
export const registrars: CommandRegistrar[] = [
  registerInit,
  registerValidate,
  registerPlan,
  registerApply,
  registerImport,
  registerState,
  registerDataCommands,
  registerCodegen,
  registerCheckOperations,
  registerAuth,
  registerAssets,
  registerEmulator,
];
