import { FALLBACK_BRANCH } from './default-branch.js';
import { DEFAULT_DATA_FOLDER, githubPaths, gitlabChanges, watchedPaths, yamlQuote } from './watched-paths.js';

/** What `graphform init` writes: pure, from the answers and the templates' texts. */
export type CiProvider = 'github' | 'gitlab' | 'none';

export const CI_PROVIDERS: readonly CiProvider[] = ['github', 'gitlab', 'none'];

export interface InitAnswers {
  id: string;
  label: string;
  languages: string[];
  sources: string;
  ci: CiProvider;
}

export interface TemplateTexts {
  config: string;
  source: string;
  /** templates/workflows/graphform.yml */
  githubWorkflow: string;
  /** templates/gitlab/gitlab-ci.yml: the project's .gitlab-ci.yml, which only includes the jobs file. */
  gitlabRoot: string;
  /** templates/gitlab/graphform.gitlab-ci.yml */
  gitlabJobs: string;
  /** templates/gitlab/graphform-data-loss.gitlab-ci.yml: the approval child pipeline, used only when a plan deletes data. */
  gitlabApproval: string;
  /** templates/gitlab/graphform-no-approval.gitlab-ci.yml: the child pipeline when the plan loses nothing. */
  gitlabNoApproval: string;
}

export interface ScaffoldFile {
  /** Relative to the target folder, forward slashes. */
  path: string;
  content: string;
}

export const DEFAULT_ANSWERS: InitAnswers = { id: 'site', label: 'Site content', languages: ['en'], sources: 'content-sources', ci: 'github' };

/** Where each CI provider's files go; GitLab's jobs live beside the root file so an existing .gitlab-ci.yml can include them. */
export const CI_PATHS = {
  githubWorkflow: '.github/workflows/graphform.yml',
  gitlabRoot: '.gitlab-ci.yml',
  gitlabJobs: '.gitlab/graphform.gitlab-ci.yml',
  gitlabApproval: '.gitlab/graphform-data-loss.gitlab-ci.yml',
  gitlabNoApproval: '.gitlab/graphform-no-approval.gitlab-ci.yml',
} as const;

const PLACEHOLDER = /\{\{(id|label|languages|schemaPath|sources|watchPaths|watchChanges|defaultBranch|defaultBranchName)\}\}/g;

/**
 * `watched`: what the CI files run on, from the declarations folder and the folders of the
 * `data:` patterns (watchedPaths); by default the answers' folder and `data/`, the tour's.
 * `branch`: the repository's default branch, which the GitHub workflow's `branches:` name.
 */
export function scaffold(
  answers: InitAnswers,
  templates: TemplateTexts,
  watched = watchedPaths(answers.sources, [], [DEFAULT_DATA_FOLDER]),
  branch = FALLBACK_BRANCH,
): ScaffoldFile[] {
  const depth = answers.sources.split('/').filter((part) => part !== '' && part !== '.').length;
  const values: Record<string, string> = {
    id: answers.id,
    label: JSON.stringify(answers.label),
    languages: answers.languages.join(', '),
    sources: answers.sources,
    watchPaths: githubPaths(watched),
    watchChanges: gitlabChanges(watched),
    defaultBranch: yamlQuote(branch),
    // In comments: a line break would end the comment.
    defaultBranchName: branch.replace(/[\r\n]/g, ''),
    schemaPath: `${'../'.repeat(depth)}node_modules/graphform/schema/content-source.schema.json`,
  };
  const fill = (text: string): string => text.replace(PLACEHOLDER, (_m, key: string) => values[key] ?? '');
  return [
    { path: 'graphform.config.yaml', content: fill(templates.config).replace(/^sources: .*$/m, `sources: ${answers.sources}`) },
    { path: `${answers.sources}/${answers.id}.yaml`, content: fill(templates.source) },
    ...ciFiles(answers.ci, templates).map((file) => ({ ...file, content: fill(file.content) })),
  ];
}

function ciFiles(ci: CiProvider, templates: TemplateTexts): ScaffoldFile[] {
  switch (ci) {
    case 'github':
      return [{ path: CI_PATHS.githubWorkflow, content: templates.githubWorkflow }];
    case 'gitlab':
      return [
        { path: CI_PATHS.gitlabRoot, content: templates.gitlabRoot },
        { path: CI_PATHS.gitlabJobs, content: templates.gitlabJobs },
        { path: CI_PATHS.gitlabApproval, content: templates.gitlabApproval },
        { path: CI_PATHS.gitlabNoApproval, content: templates.gitlabNoApproval },
      ];
    case 'none':
      return [];
    default: {
      const unreachable: never = ci;
      return unreachable;
    }
  }
}

export function isCiProvider(value: string): value is CiProvider {
  return (CI_PROVIDERS as readonly string[]).includes(value);
}

/** Checks one answer; returns a message for the user, or undefined when it is fine. */
export function checkAnswer(key: keyof InitAnswers, value: string): string | undefined {
  switch (key) {
    case 'id':
      return /^[a-z0-9]{1,4}$/.test(value) ? undefined : 'an id is 1 to 4 characters, a-z and 0-9 only';
    case 'label':
      return value.trim() === '' ? 'the label cannot be empty' : undefined;
    case 'languages':
      return /^[A-Za-z-]+(\s*,\s*[A-Za-z-]+)*$/.test(value.trim()) ? undefined : 'give language codes separated by commas, e.g. en, sv';
    case 'sources':
      return value.trim() === '' || value.startsWith('/') || value.includes('..') ? 'give a folder inside the project, e.g. content-sources' : undefined;
    case 'ci':
      return isCiProvider(value) ? undefined : `answer ${CI_PROVIDERS.join(', ')}`;
    default: {
      const unreachable: never = key;
      return unreachable;
    }
  }
}
