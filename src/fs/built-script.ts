import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * A worker script of the build, by its URL beside the module that starts it: itself when the
 * file is there, undefined when running from TypeScript sources (tests), where there is none.
 */
export async function builtScript(url: URL): Promise<URL | undefined> {
  try {
    await access(fileURLToPath(url));
    return url;
  } catch {
    return undefined;
  }
}
