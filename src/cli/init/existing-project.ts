import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * What marks a folder as a graphform project already: a config file, or the declarations
 * folder. init then writes only what is missing and never the example source, which the
 * next apply would create as a real source. (A package.json that lists graphform is no
 * sign: the documented start installs graphform first and runs init next.)
 */
export async function existingProjectSigns(dir: string, sourcesFolder: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  const signs = entries.filter((name) => name.startsWith('graphform.config.')).sort();
  const folders = [...new Set([sourcesFolder, 'content-sources'])];
  for (const folder of folders) {
    const isDir = await stat(path.join(dir, folder)).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (isDir) signs.push(`${folder}/`);
  }
  return signs;
}
