import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { CiProject } from './ci-project.js';

/** Lines of the declaration `graphform init` writes (content-sources/site.yaml), to edit around. */
export const TITLE = '      Title: { type: String, searchable: true }';
export const TAGS = '      Tags: { type: "[String]" }\n';
export const MARKER = '<!-- graphform-plan -->';

/** A second source a pull request adds beside init's, and the line a later one adds a property after. */
export const NEWS_HEADLINE = '      Headline: { type: String, searchable: true }\n';
export const NEWS =
  ['id: news', 'label: News', 'languages: [en]', 'contentTypes:', '  NewsItem:', '    contentType: []', '    properties:', ''].join('\n') + NEWS_HEADLINE;

/** A branch with one commit that edits the declaration. */
export async function change(project: CiProject, branch: string, edit: (declaration: string) => string): Promise<void> {
  await project.git('checkout', '--quiet', '-b', branch);
  const file = 'content-sources/site.yaml';
  await project.write(file, edit(await project.read(file)));
  await project.git('commit', '--quiet', '--all', '--message', branch);
}

/** The branch merged into main, main checked out: what the push pipeline sees. */
export async function merge(project: CiProject, branch: string): Promise<void> {
  await project.git('checkout', '--quiet', 'main');
  await project.git('merge', '--quiet', '--no-ff', '--message', `Merge ${branch}`, branch);
}

/** The properties of content type Article as the emulator holds them. */
export function articleProperties(project: CiProject): string[] {
  const definition = project.emulator.inspect.definition('site') as { contentTypes: { Article: { properties: Record<string, unknown> } } };
  return Object.keys(definition.contentTypes.Article.properties).sort();
}

/** Enough Article properties that the request body alone passes what one comment holds. */
export function manyProperties(count: number): string {
  return Array.from({ length: count }, (_, i) => `      Property${String(i).padStart(4, '0')}WithAFairlyLongName: { type: String }`).join('\n');
}

/**
 * Someone applies another change (Summary added) from a checkout of the commit before main's
 * last, bumping state's serial, then main is checked out again: a plan saved before is stale.
 */
export async function applyElsewhere(project: CiProject): Promise<void> {
  await project.git('checkout', '--quiet', 'HEAD~1');
  const file = 'content-sources/site.yaml';
  await project.write(file, (await project.read(file)).replace(TITLE, `${TITLE}\n      Summary: { type: String }`));
  const other = await project.bash('npx graphform apply --env production --yes', project.secrets);
  if (other.code !== 0) throw new Error(`the other apply failed: ${other.stderr}`);
  await project.git('checkout', '--quiet', '--', '.');
  await project.git('checkout', '--quiet', 'main');
  project.emulator.inspect.clearRequests();
}

/** A branch from main with one commit that writes files (or, for null, deletes them): a pull or merge request. */
export async function branchWith(project: CiProject, branch: string, files: Record<string, string | null>): Promise<void> {
  await project.git('checkout', '--quiet', '-b', branch, 'main');
  for (const [file, content] of Object.entries(files)) {
    if (content === null) await rm(path.join(project.dir, file));
    else await project.write(file, content);
  }
  await project.git('add', '--all', '--', ...Object.keys(files));
  await project.git('commit', '--quiet', '--message', branch);
}
