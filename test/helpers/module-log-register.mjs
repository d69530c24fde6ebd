// --import this file to log every module a run resolves (see module-log-hooks.mjs).
import { register } from 'node:module';

register('./module-log-hooks.mjs', import.meta.url);
