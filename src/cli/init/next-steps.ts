import { CI_PATHS, type CiProvider } from './scaffold.js';

export interface NextStepsInput {
  /** The target folder relative to the working directory; '' when it is the working directory. */
  relativeDir: string;
  ci: CiProvider;
  /** Files init wrote this time. */
  created: number;
  /** True when a .gitlab-ci.yml was there already and does not include graphform's jobs. */
  gitlabIncludeMissing: boolean;
}

/** The closing text of `graphform init`: what to do now, in the order to do it. */
export function nextSteps(input: NextStepsInput): string {
  const steps: string[] = [];
  if (input.relativeDir !== '') steps.push(`cd ${shellWord(input.relativeDir)}`);
  steps.push('npx graphform plan     # what would be created on the local emulator');
  const ci = ciStep(input);
  if (ci !== undefined) steps.push(ci);
  const head = input.created === 0 ? 'Nothing to write: every file already exists. Next:' : 'Next:';
  return `\n${head}\n${steps.map((step) => `  ${step}`).join('\n')}`;
}

function ciStep(input: NextStepsInput): string | undefined {
  switch (input.ci) {
    case 'github':
      return `Before the first pull request: add the secrets and environments listed at the top of ${CI_PATHS.githubWorkflow}.`;
    case 'gitlab':
      return input.gitlabIncludeMissing
        ? `${CI_PATHS.gitlabRoot} was there already: ` +
            `add \`include: [{ local: ${CI_PATHS.gitlabJobs} }]\` to it, then the CI/CD variables listed at the top of ${CI_PATHS.gitlabJobs}.`
        : `Before the first merge request: add the CI/CD variables listed at the top of ${CI_PATHS.gitlabJobs}.`;
    case 'none':
      return undefined;
    default: {
      const unreachable: never = input.ci;
      return unreachable;
    }
  }
}

/** A folder name as the user would type it into a POSIX shell. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
