// --import this file to log every module a run loads (see module-log-hooks.mjs): those
// imported, through the hooks, and those required from CommonJS (createRequire, or a package's
// own require), which Node 20's loader hooks never see; a require.resolve alone loads nothing
// and is not logged. Worker threads inherit the --import.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./module-log-hooks.mjs', import.meta.url);

const load = Module.prototype.load;
Module.prototype.load = function (filename) {
  if (process.env.GRAPHFORM_MODULE_LOG) appendFileSync(process.env.GRAPHFORM_MODULE_LOG, `${pathToFileURL(filename).href}\n`);
  return load.call(this, filename);
};
