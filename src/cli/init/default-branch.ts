import { execFile } from 'node:child_process';

/** The branch the CI files apply from, and what told init so (for the line it prints). */
export interface DefaultBranch {
  name: string;
  from: string;
}

/** The branch git starts a repository with when nothing else says. */
export const FALLBACK_BRANCH = 'main';

/**
 * The repository's default branch, which the CI files' `branches:` filters name: the CI's
 * own variable when init runs in CI, else what origin calls its HEAD, else the branch the
 * folder's repository is on, else git's `init.defaultBranch`, else `main`. A repository whose
 * default is `master` then gets files that apply on `master` instead of never.
 */
export async function defaultBranch(target: string, env: Readonly<Record<string, string | undefined>>): Promise<DefaultBranch> {
  const fromCi = env.CI_DEFAULT_BRANCH?.trim();
  if (fromCi !== undefined && fromCi !== '') return { name: fromCi, from: 'CI_DEFAULT_BRANCH' };
  const origin = await git(target, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']);
  if (origin?.startsWith('origin/') === true) return { name: origin.slice('origin/'.length), from: "origin's HEAD" };
  const head = await git(target, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  if (head !== undefined) return { name: head, from: 'the branch this repository is on' };
  const configured = await git(target, ['config', '--get', 'init.defaultBranch']);
  if (configured !== undefined) return { name: configured, from: "git's init.defaultBranch" };
  return { name: FALLBACK_BRANCH, from: 'no git repository or setting naming one' };
}

/** git's trimmed output, or undefined when git is missing, fails or prints nothing. */
function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: 5000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }, (error, stdout) => {
      const text = String(stdout).trim();
      resolve(error === null && text !== '' ? text : undefined);
    });
  });
}
