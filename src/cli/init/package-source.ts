import path from 'node:path';
import { readRegularFile } from '../../fs/read-regular-file.js';

/**
 * When the project's package.json installs graphform from a path outside the project
 * (`file:../graphform/graphform-0.1.0.tgz`), package-lock.json records that path and
 * `npm ci` fails on a clean CI runner, where it does not exist. Returns the warning, or
 * undefined when the spec is inside the project, a registry version, a URL, or absent.
 */
export async function outsidePackageWarning(dir: string): Promise<string | undefined> {
  let manifest: { dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> };
  // Only a regular file is read: a FIFO would block init for good. Anything else has nothing to warn about.
  const read = await readRegularFile(path.join(dir, 'package.json'), 16 << 20);
  if (!read.ok) return undefined;
  try {
    manifest = JSON.parse(read.bytes.toString('utf8')) as typeof manifest;
  } catch {
    return undefined;
  }
  const spec = manifest.devDependencies?.graphform ?? manifest.dependencies?.graphform;
  if (typeof spec !== 'string') return undefined;
  const local = /^file:/.test(spec) ? spec.slice('file:'.length) : /^(\.{1,2}\/|\/|~\/)/.test(spec) ? spec : undefined;
  if (local === undefined) return undefined;
  const relative = path.relative(dir, path.resolve(dir, local));
  if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return undefined;
  return (
    `package.json installs graphform from ${spec}, outside this project: package-lock.json records that path, so \`npm ci\` fails on a clean CI runner. ` +
    `Put the tarball inside the project (e.g. vendor/graphform-0.1.0.tgz), commit it, and run \`npm install --save-dev ./vendor/graphform-0.1.0.tgz\`.`
  );
}
