import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { inspectFile, projectRoot, refusalMessage, type FileRefusal } from '../../fs/project-file.js';
import { DATA_CODES, DATA_ERROR_CODES, type DataCode } from '../codes.js';
import { dataIssue } from '../read/issue.js';
import { dataFormatOf, SUPPORTED_DATA_FILES } from '../read/read-data-file.js';
import type { DataFile } from '../types.js';

export interface CheckedFiles {
  files: DataFile[];
  totalBytes: number;
  issues: Diagnostic[];
}

/**
 * Resolves paths against cwd and checks each is a regular file of a type graphform reads,
 * without opening it; a missing one, or one of another type, is a diagnostic. With `root` (the project folder, for a source's declared
 * `data:` files) each must also lie inside it once links are resolved. Files a user names
 * on the command line are read where they are: naming them is that user's choice.
 */
export async function checkDataFiles(paths: readonly string[], cwd: string, root?: string): Promise<CheckedFiles> {
  const files: DataFile[] = [];
  const issues: Diagnostic[] = [];
  let totalBytes = 0;
  const seen = new Set<string>();
  const project = root === undefined ? undefined : await projectRoot(root);
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const display = path.relative(cwd, absolute) || given;
    // Refused as a file, before it is read: read, a file of another type would count as an item.
    if (dataFormatOf(absolute) === undefined) {
      issues.push(dataIssue(DATA_CODES.unsupportedFile, display, 1, `${display} is not a data file graphform reads: data files are ${SUPPORTED_DATA_FILES}.`));
      continue;
    }
    const inspected = await inspectFile(absolute, project);
    if (!inspected.ok) {
      issues.push(dataIssue(refusalCode(inspected.refusal), display, 1, `Data file ${refusalMessage(display, inspected.refusal)}.`));
      continue;
    }
    totalBytes += inspected.size;
    files.push({ path: absolute, display, size: inspected.size, mtimeMs: inspected.mtimeMs });
  }
  return { files, totalBytes, issues };
}

function refusalCode(refusal: FileRefusal): DataCode {
  switch (refusal.kind) {
    case 'outside':
      return DATA_CODES.outsideProject;
    case 'not-a-file':
    case 'dangling-link':
      return DATA_CODES.notAFile;
    case 'missing':
    case 'unreadable':
      return DATA_CODES.fileNotFound;
    default: {
      const never: never = refusal;
      throw new Error(`unhandled file refusal ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Refuses to go on with a file that changed after it was validated: checked before the
 * send pass reads it and again once it has read it (the reader stops at the validated
 * size, but a file rewritten in place keeps its size).
 */
export async function assertUnchanged(file: DataFile, moment: 'before-read' | 'after-read' = 'before-read'): Promise<void> {
  if (file.size === undefined || file.mtimeMs === undefined) return;
  let now: { size: number; mtimeMs: number } | undefined;
  try {
    now = await stat(file.path);
  } catch {
    now = undefined;
  }
  if (now?.size === file.size && now.mtimeMs === file.mtimeMs) return;
  const message =
    moment === 'before-read'
      ? `${file.display} changed after it was validated; nothing more was sent from it.`
      : `${file.display} changed while it was being sent; only what was validated was read from it, and sending stopped.`;
  throw new GraphformError(DATA_ERROR_CODES.fileChanged, message, { hint: 'Run the push again once the file is no longer being written.' });
}
