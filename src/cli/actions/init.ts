import { appendFile, lstat, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GraphformError } from '../../diagnostics/errors.js';
import { readWholeFile } from '../../fs/read-whole-file.js';
import type { CommandContext } from '../context.js';
import { existingProjectSigns } from '../init/existing-project.js';
import { findInTheWay, inTheWayError } from '../init/in-the-way.js';
import { gitignoreAddition, IGNORED_ENTRIES } from '../init/gitignore.js';
import { nextSteps } from '../init/next-steps.js';
import { outsidePackageWarning } from '../init/package-source.js';
import { defaultBranch } from '../init/default-branch.js';
import { detectCi } from '../init/detect-ci.js';
import {
  CI_PATHS,
  CI_PROVIDERS,
  checkAnswer,
  DEFAULT_ANSWERS,
  isCiProvider,
  scaffold,
  type CiProvider,
  type InitAnswers,
  type TemplateTexts,
} from '../init/scaffold.js';
import { ask, canPrompt } from '../prompt.js';
import { configuredSources, declaredData } from '../init/declared-data.js';
import { DEFAULT_DATA_FOLDER, watchedPaths } from '../init/watched-paths.js';

const TEMPLATES = new URL('../../../templates/', import.meta.url);

export interface InitFlags {
  yes?: boolean;
  ci?: CiProvider;
}

export async function init(ctx: CommandContext, dir: string, flags: InitFlags): Promise<number> {
  const target = path.resolve(ctx.io.cwd, dir);
  const detected = await detectCi(target);
  const answers = flags.yes === true || !canPrompt(ctx.io) ? { ...DEFAULT_ANSWERS, ci: flags.ci ?? detected.ci } : await askAnswers(ctx, flags.ci, detected.ci);
  const c = ctx.color();
  if (flags.ci === undefined && detected.found !== undefined)
    ctx.out(`CI files for ${detected.ci}: the project has ${detected.found} (\`--ci\` chooses otherwise).`);
  const shown = (full: string): string => path.relative(ctx.io.cwd, full) || path.basename(full);
  const signs = await existingProjectSigns(target, answers.sources);
  const example = `${answers.sources}/${answers.id}.yaml`;
  // The CI files watch the declarations folder the config names (an existing one's) and the folders of their data files.
  const sources = (await configuredSources(target)) ?? answers.sources;
  const watched = watchedPaths(sources, await declaredData(target, sources), [DEFAULT_DATA_FOLDER]);
  const branch = await defaultBranch(target, ctx.io.env);
  if (answers.ci === 'github') ctx.out(`The workflow applies on ${branch.name}, the default branch (${branch.from}).`);
  const files = scaffold(answers, await readTemplates(), watched, branch.name).filter((file) => signs.length === 0 || file.path !== example);
  // All checked before anything is written: a file in the way found half-way left a config behind that the next init took for a project.
  const inTheWay = await findInTheWay(
    target,
    files.map((file) => file.path),
    [answers.sources],
  );
  if (inTheWay.length > 0) throw inTheWayError(inTheWay, (relative) => shown(path.join(target, relative)));
  if (signs.length > 0) {
    ctx.out(`An existing graphform project (${signs.join(', ')}): only what is missing is added.`);
    ctx.out(`${c.yellow('skipped')}  ${shown(path.join(target, example))} (the example source: the next apply would create it as a real source)`);
  }
  let created = 0;
  for (const file of files) {
    const full = path.join(target, file.path);
    await mkdir(path.dirname(full), { recursive: true });
    try {
      await writeFile(full, file.content, { flag: 'wx' });
      created++;
      ctx.out(`${c.green('created')}  ${shown(full)}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      ctx.out(`${c.yellow('exists')}   ${shown(full)} (left as it is)`);
    }
  }
  const gitignore = path.join(target, '.gitignore');
  const ignored = ignoreNote(await ignoreGraphformDir(gitignore));
  if (ignored.wrote) created++;
  ctx.out(`${(ignored.wrote ? c.green : c.yellow)(ignored.word.padEnd(8))} ${shown(gitignore)} (${ignored.note})`);
  const gitlabIncludeMissing = answers.ci === 'gitlab' && !(await includesGitlabJobs(path.join(target, CI_PATHS.gitlabRoot)));
  const warning = await outsidePackageWarning(target);
  if (warning !== undefined) ctx.err(`${c.yellow('warning')} ${warning}`);
  ctx.out(nextSteps({ relativeDir: path.relative(ctx.io.cwd, target), ci: answers.ci, created, gitlabIncludeMissing }));
  return 0;
}

type IgnoreOutcome = { kind: 'created' | 'updated'; added: readonly string[] } | { kind: 'exists' | 'notAFile' };

function ignoreNote(outcome: IgnoreOutcome): { word: string; wrote: boolean; note: string } {
  const all = IGNORED_ENTRIES.join(', ');
  switch (outcome.kind) {
    case 'created':
      return { word: 'created', wrote: true, note: `ignores ${outcome.added.join(', ')}` };
    case 'updated':
      return { word: 'updated', wrote: true, note: `added ${outcome.added.join(', ')}` };
    case 'exists':
      return { word: 'exists', wrote: false, note: `already mentions ${all}; left as it is` };
    case 'notAFile':
      return { word: 'skipped', wrote: false, note: `not a regular file; add ${all} to it yourself` };
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

/** Adds what graphform leaves in a project to .gitignore: creating the file, or appending once; a link or folder there is left alone. */
async function ignoreGraphformDir(file: string): Promise<IgnoreOutcome> {
  const kind = await lstat(file).then(
    (stats) => (stats.isFile() ? 'file' : 'other'),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return 'missing';
      throw error;
    },
  );
  if (kind === 'other') return { kind: 'notAFile' };
  const existing = kind === 'missing' ? undefined : await readText(file, 'The .gitignore');
  const addition = gitignoreAddition(existing);
  if (addition === undefined) return { kind: 'exists' };
  if (existing === undefined) {
    await writeFile(file, addition.text, { flag: 'wx' });
    return { kind: 'created', added: addition.added };
  }
  await appendFile(file, addition.text);
  return { kind: 'updated', added: addition.added };
}

/** True when the project's .gitlab-ci.yml (ours or the user's) already names graphform's jobs file. */
async function includesGitlabJobs(file: string): Promise<boolean> {
  try {
    return (await readText(file, 'The GitLab CI file'))?.includes(CI_PATHS.gitlabJobs) === true;
  } catch {
    return false;
  }
}

/**
 * A project file init reads (.gitignore, .gitlab-ci.yml), as a regular file only: a FIFO
 * would block init for good. Undefined when there is none.
 */
async function readText(file: string, what: string): Promise<string | undefined> {
  const hint = 'Replace it with a regular file (or remove it), then run `graphform init` again.';
  const bytes = await readWholeFile(file, { shown: `${what} ${file}`, maxBytes: 16 << 20, code: 'GF_INIT_IN_THE_WAY', hint });
  return bytes?.toString('utf8');
}

async function readTemplates(): Promise<TemplateTexts> {
  const read = async (name: string): Promise<string> => {
    const file = fileURLToPath(new URL(name, TEMPLATES));
    const hint = 'This installation of graphform is damaged: install it again (npm install --save-dev graphform).';
    const bytes = await readWholeFile(file, { shown: `The template ${file}`, maxBytes: 1 << 20, code: 'GF_INIT_TEMPLATE', hint });
    if (bytes !== undefined) return bytes.toString('utf8');
    throw new GraphformError('GF_INIT_TEMPLATE', `The template ${file} is missing.`, { hint });
  };
  const [config, source, githubWorkflow, gitlabRoot, gitlabJobs, gitlabApproval, gitlabNoApproval] = await Promise.all([
    read('graphform.config.yaml'),
    read('content-source.yaml'),
    read('workflows/graphform.yml'),
    read('gitlab/gitlab-ci.yml'),
    read('gitlab/graphform.gitlab-ci.yml'),
    read('gitlab/graphform-data-loss.gitlab-ci.yml'),
    read('gitlab/graphform-no-approval.gitlab-ci.yml'),
  ]);
  return { config, source, githubWorkflow, gitlabRoot, gitlabJobs, gitlabApproval, gitlabNoApproval };
}

async function askAnswers(ctx: CommandContext, ci: CiProvider | undefined, defaultCi: CiProvider): Promise<InitAnswers> {
  const question = async (key: keyof InitAnswers, text: string, fallback: string): Promise<string> => {
    for (;;) {
      const answer = (await ask(ctx.io, `${text} (${fallback}): `)) || fallback;
      const problem = checkAnswer(key, answer);
      if (problem === undefined) return answer;
      ctx.err(`  ${problem}`);
    }
  };
  const id = await question('id', 'Content source id', DEFAULT_ANSWERS.id);
  const label = await question('label', 'Label', DEFAULT_ANSWERS.label);
  const languages = await question('languages', 'Languages', DEFAULT_ANSWERS.languages.join(', '));
  const sources = await question('sources', 'Declarations folder', DEFAULT_ANSWERS.sources);
  const ciAnswer = ci ?? (await question('ci', `CI files (${CI_PROVIDERS.join(', ')})`, defaultCi));
  const chosenCi = isCiProvider(ciAnswer) ? ciAnswer : defaultCi;
  return { id, label, languages: languages.split(',').map((l) => l.trim()), sources, ci: chosenCi };
}
