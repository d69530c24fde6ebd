import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { excerpt } from '../../diagnostics/excerpt.js';
import { resolveDataFiles } from '../../data/files/declared-files.js';
import { matchGlob } from '../../data/files/glob.js';
import { isRecord } from '../../model/is-record.js';
import type { SourceDeclaration } from '../../model/types.js';

/** The warning that a `data:` file lies outside the paths the CI files `init` wrote run on. */
export const CI_PATHS_MISS_DATA = 'GF_CI_PATHS_MISS_DATA';

/** The CI files `graphform init` writes, relative to the project, and where each keeps the paths it runs on. */
const CI_FILES = [
  { file: '.github/workflows/graphform.yml', paths: githubPaths, where: 'the paths: of on.push' },
  { file: '.gitlab/graphform.gitlab-ci.yml', paths: gitlabChanges, where: 'the changes: of graphform-apply' },
] as const;

/**
 * Warnings for `data:` files that the generated CI files do not watch: an edit to one would
 * not run the pipeline, so it would reach the service only with some later change. Read
 * from the CI files init wrote, when the project has them; one warning per `data:` entry,
 * naming the first file missed and the folder to add.
 */
export async function ciPathWarnings(root: string, cwd: string, declarations: readonly SourceDeclaration[]): Promise<Diagnostic[]> {
  const withData = declarations.filter((d) => d.data.length > 0);
  if (withData.length === 0) return [];
  const warnings: Diagnostic[] = [];
  for (const ci of CI_FILES) {
    const text = await readFile(path.join(root, ci.file), 'utf8').catch(() => undefined);
    const watched = text === undefined ? undefined : await watchedIn(text, ci.paths);
    if (watched === undefined) continue;
    for (const declaration of withData) {
      for (const [index, pattern] of declaration.data.entries()) {
        const { files } = await resolveDataFiles({ ...declaration, data: [pattern] }, { cwd, root });
        const missed = files.map((file) => path.relative(root, file).split(path.sep).join('/')).find((file) => !watched.some((glob) => matchGlob(glob, file)));
        if (missed === undefined) continue;
        const at = declaration.dataAt?.[index];
        const folder = path.posix.dirname(missed);
        warnings.push({
          code: CI_PATHS_MISS_DATA,
          severity: 'warning',
          message:
            `data: file ${excerpt(missed)} of source ${declaration.id} is outside ${ci.where} in ${ci.file}: ` +
            `editing it does not run the pipeline; add '${folder === '.' ? missed : `${folder}/**`}' there.`,
          file: declaration.file,
          line: at?.line ?? 1,
          column: at?.column ?? 1,
          path: `data[${index}]`,
        });
      }
    }
  }
  return warnings;
}

/**
 * The path globs of a CI file, or undefined when it cannot be read as one (then nothing is
 * said). The yaml package is loaded only here, for a project that has the file: validate of
 * a plain project never loads it.
 */
async function watchedIn(text: string, paths: (parsed: Record<string, unknown>) => unknown): Promise<string[] | undefined> {
  const { parse } = await import('yaml');
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch {
    return undefined;
  }
  const found = isRecord(parsed) ? paths(parsed) : undefined;
  return Array.isArray(found) && found.every((entry) => typeof entry === 'string') ? (found as string[]) : undefined;
}

function githubPaths(workflow: Record<string, unknown>): unknown {
  const on = workflow.on;
  return isRecord(on) && isRecord(on.push) ? on.push.paths : undefined;
}

function gitlabChanges(jobs: Record<string, unknown>): unknown {
  const apply = jobs['graphform-apply'];
  const rules = isRecord(apply) && Array.isArray(apply.rules) ? (apply.rules as unknown[]) : [];
  const rule = rules.find((r) => isRecord(r) && Array.isArray(r.changes));
  return isRecord(rule) ? rule.changes : undefined;
}
