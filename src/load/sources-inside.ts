import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { escapeUnprintable } from '../diagnostics/excerpt.js';
import { isWithin, type ProjectRoot } from '../fs/project-file.js';

/**
 * Refuses a declarations folder outside the project folder (as written, or once its links
 * are resolved): every declaration must come from the project. A folder that does not
 * exist is left to discovery, which says so.
 */
export async function assertSourcesInside(dir: string, project: ProjectRoot, configName: string): Promise<void> {
  const absolute = path.resolve(dir);
  let real: string | undefined = absolute;
  if (isWithin(project.path, absolute)) {
    try {
      real = await realpath(absolute);
    } catch {
      return;
    }
    if (isWithin(project.real, real)) return;
  }
  const shown = escapeUnprintable(absolute);
  const where = real === absolute ? '' : ` (it resolves to ${escapeUnprintable(real)})`;
  throw new GraphformError(
    'GF_SOURCES_DIR_OUTSIDE_PROJECT',
    `The declarations folder ${shown}${where} is outside the project folder ${escapeUnprintable(project.path)}.`,
    {
      details: { folder: absolute, project: project.path },
      hint:
        'graphform reads declarations only from inside the project (the folder of the config file, ' +
        `or the working directory without one).\nMove the folder into the project, or set \`sources\` in ${configName} to a folder inside it.`,
    },
  );
}
