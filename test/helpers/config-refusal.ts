import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../src/config/load-config.js';
import { GraphformError } from '../../src/diagnostics/errors.js';
import { makeTempDir } from './temp-dir.js';

/**
 * The error loading a project of `files` (name → text or bytes) with `variables` gives;
 * it throws when the config loads, so a test of a refusal cannot pass on a config accepted.
 */
export async function configRefusal(files: Record<string, string | Buffer>, variables: Record<string, string> = {}): Promise<GraphformError> {
  const dir = await makeTempDir();
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);
  try {
    await loadConfig({ cwd: dir, configFile: undefined, env: variables });
  } catch (error) {
    if (error instanceof GraphformError) return error;
    throw error;
  }
  throw new Error('expected the config to be refused');
}
