// ESM loader hooks for the start-up test: every module a run resolves is appended, as a
// URL, to the file named by GRAPHFORM_MODULE_LOG.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  if (process.env.GRAPHFORM_MODULE_LOG) appendFileSync(process.env.GRAPHFORM_MODULE_LOG, `${result.url}\n`);
  return result;
}
