import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { DATA_CODES, DATA_ERROR_CODES } from '../codes.js';
import { dataIssue } from '../read/issue.js';
import type { DataFile } from '../types.js';

export interface CheckedFiles {
  files: DataFile[];
  totalBytes: number;
  issues: Diagnostic[];
}

/** Resolves paths against cwd and checks each is a readable file; a missing one is a diagnostic. */
export async function checkDataFiles(paths: readonly string[], cwd: string): Promise<CheckedFiles> {
  const files: DataFile[] = [];
  const issues: Diagnostic[] = [];
  let totalBytes = 0;
  const seen = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const display = path.relative(cwd, absolute) || given;
    try {
      const info = await stat(absolute);
      if (!info.isFile()) {
        issues.push(dataIssue(DATA_CODES.fileNotFound, display, 1, `${display} is not a file.`));
        continue;
      }
      totalBytes += info.size;
      files.push({ path: absolute, display, size: info.size, mtimeMs: info.mtimeMs });
    } catch {
      issues.push(dataIssue(DATA_CODES.fileNotFound, display, 1, `Data file ${display} does not exist or cannot be read.`));
    }
  }
  return { files, totalBytes, issues };
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
