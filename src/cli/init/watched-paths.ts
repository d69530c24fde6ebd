import path from 'node:path';
import { globSegments, hasGlobMagic } from '../../data/files/glob.js';

/** The data folder of the README's tour and docs/data.md (`data:` entries such as `../data/articles.ndjson`): watched in a new project. */
export const DEFAULT_DATA_FOLDER = 'data';

/** A declaration's `data:` patterns, with the file's folder relative to the project they are relative to. */
export interface DeclaredData {
  /** The declaration file's folder, relative to the project, forward slashes ('' for the project folder). */
  dir: string;
  patterns: readonly string[];
}

/**
 * What the CI files watch for declarations and data, relative to the project: the sources
 * folder and the static part of each `data:` pattern (the folders before its first wildcard,
 * or the file itself), without paths another one covers. A pattern that leaves the project
 * is left out: CI cannot watch it (validate's scope check refuses it anyway).
 */
export function watchedPaths(sources: string, declared: readonly DeclaredData[], dataFolders: readonly string[] = []): { folders: string[]; files: string[] } {
  const folders = new Set<string>([clean(sources), ...dataFolders.map(clean)]);
  const files = new Set<string>();
  for (const { dir, patterns } of declared) {
    for (const pattern of patterns) {
      if (path.isAbsolute(pattern)) continue;
      const segments = globSegments(pattern);
      const wild = segments.findIndex(hasGlobMagic);
      const base = path.posix.normalize(path.posix.join(dir, ...(wild < 0 ? segments : segments.slice(0, wild))));
      if (base === '..' || base.startsWith('../')) continue;
      if (wild < 0) files.add(base);
      else folders.add(base === '.' ? '' : base);
    }
  }
  // The project folder itself would make every change run the jobs: then the sources folder stands for it.
  folders.delete('');
  const kept = [...folders].filter((folder) => ![...folders].some((other) => other !== folder && covers(other, folder))).sort();
  return { folders: kept, files: [...files].filter((file) => !kept.some((folder) => covers(folder, file))).sort() };
}

/** GitHub's `paths:` entries, quoted for a flow sequence: `'content-sources/**', 'data/**'`. */
export function githubPaths(watched: { folders: readonly string[]; files: readonly string[] }): string {
  return [...watched.folders.map((folder) => `${folder}/**`), ...watched.files].map(yamlQuote).join(', ');
}

/** GitLab's `changes:` entries: `'content-sources/**\/*', 'data/**\/*'`. */
export function gitlabChanges(watched: { folders: readonly string[]; files: readonly string[] }): string {
  return [...watched.folders.map((folder) => `${folder}/**/*`), ...watched.files].map(yamlQuote).join(', ');
}

function covers(folder: string, inner: string): boolean {
  return inner.startsWith(`${folder}/`);
}

function clean(folder: string): string {
  return path.posix
    .normalize(folder.replace(/\\/g, '/'))
    .replace(/\/+$/, '')
    .replace(/^\.\/?$/, '');
}

/** YAML single quotes: a quote inside is doubled. */
export function yamlQuote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
