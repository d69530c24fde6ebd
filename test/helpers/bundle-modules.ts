import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repository = path.resolve(import.meta.dirname, '../..');
const BUNDLE = path.join(repository, 'dist/cli/bundle');

/**
 * The built CLI runs from chunks (scripts/bundle-cli.mjs): each URL of a chunk that a run
 * loaded stands for the modules in it (dist/cli/bundle/modules.json), as `file:` URLs of
 * their files under dist/, so a test reads which modules a command loaded as before the
 * bundle. Other URLs (packages, Node's own) are kept as they are.
 */
export function unbundled(urls: readonly string[]): string[] {
  const chunks = JSON.parse(readFileSync(path.join(BUNDLE, 'modules.json'), 'utf8')) as Record<string, string[]>;
  const prefix = `${pathToFileURL(BUNDLE).href}/`;
  return urls.flatMap((url) => {
    if (!url.startsWith(prefix)) return [url];
    const modules = chunks[url.slice(prefix.length)];
    if (modules === undefined) throw new Error(`${url} is not in dist/cli/bundle/modules.json: run \`npm run build\``);
    return modules.map((file) => pathToFileURL(path.join(repository, file)).href);
  });
}

/**
 * The packages a run loaded, by name, from the module URLs it logged: those loaded from
 * node_modules and those built into a chunk it loaded (the operations worker has graphql
 * inside it), each once, sorted.
 */
export function packagesOf(urls: readonly string[]): string[] {
  const names = unbundled(urls).flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []);
  return [...new Set(names)].sort();
}
