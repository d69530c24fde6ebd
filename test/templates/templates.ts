import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { DEFAULT_ANSWERS, scaffold, type CiProvider, type ScaffoldFile } from '../../src/cli/init/scaffold.js';

const TEMPLATES = path.resolve(import.meta.dirname, '../../templates');

export const TEMPLATE_FILES = [
  'graphform.config.yaml',
  'content-source.yaml',
  'workflows/graphform.yml',
  'gitlab/gitlab-ci.yml',
  'gitlab/graphform.gitlab-ci.yml',
  'gitlab/graphform-data-loss.gitlab-ci.yml',
  'gitlab/graphform-no-approval.gitlab-ci.yml',
] as const;

export function readTemplate(name: (typeof TEMPLATE_FILES)[number]): Promise<string> {
  return readFile(path.join(TEMPLATES, name), 'utf8');
}

/** The files `graphform init --ci <ci>` writes with the default answers, from the real templates. */
export async function scaffolded(ci: CiProvider, branch?: string): Promise<ScaffoldFile[]> {
  const [config, source, githubWorkflow, gitlabRoot, gitlabJobs, gitlabApproval, gitlabNoApproval] = await Promise.all([
    readTemplate('graphform.config.yaml'),
    readTemplate('content-source.yaml'),
    readTemplate('workflows/graphform.yml'),
    readTemplate('gitlab/gitlab-ci.yml'),
    readTemplate('gitlab/graphform.gitlab-ci.yml'),
    readTemplate('gitlab/graphform-data-loss.gitlab-ci.yml'),
    readTemplate('gitlab/graphform-no-approval.gitlab-ci.yml'),
  ]);
  return scaffold({ ...DEFAULT_ANSWERS, ci }, { config, source, githubWorkflow, gitlabRoot, gitlabJobs, gitlabApproval, gitlabNoApproval }, undefined, branch);
}

/** Parses YAML strictly: any error or warning (duplicate keys, bad indentation, tabs) fails. */
export function parseStrict(text: string, name: string): unknown {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const problems = [...document.errors, ...document.warnings];
  if (problems.length > 0) throw new Error(`${name}: ${problems.map((p) => p.message).join('\n')}`);
  return document.toJS() as unknown;
}

export function fileText(files: ScaffoldFile[], filePath: string): string {
  const file = files.find((f) => f.path === filePath);
  if (file === undefined) throw new Error(`init wrote no ${filePath}`);
  return file.content;
}
