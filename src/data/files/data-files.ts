import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { DATA_CODES } from '../codes.js';
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
      files.push({ path: absolute, display });
    } catch {
      issues.push(dataIssue(DATA_CODES.fileNotFound, display, 1, `Data file ${display} does not exist or cannot be read.`));
    }
  }
  return { files, totalBytes, issues };
}
