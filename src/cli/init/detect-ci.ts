import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { CI_PATHS, DEFAULT_ANSWERS, type CiProvider } from './scaffold.js';

/** The CI a project already uses, which `init` writes for unless `--ci` says otherwise. */
export interface DetectedCi {
  ci: CiProvider;
  /** The file that decided it, to name in init's output; undefined when nothing did. */
  found?: string;
}

/**
 * GitLab when the folder has a .gitlab-ci.yml and no .github/workflows folder: adding
 * GitHub workflows to a GitLab project would be files nothing runs. Otherwise the default.
 */
export async function detectCi(target: string): Promise<DetectedCi> {
  const exists = (relative: string): Promise<boolean> =>
    lstat(path.join(target, relative)).then(
      () => true,
      () => false,
    );
  if ((await exists(CI_PATHS.gitlabRoot)) && !(await exists('.github/workflows'))) return { ci: 'gitlab', found: CI_PATHS.gitlabRoot };
  return { ci: DEFAULT_ANSWERS.ci };
}
