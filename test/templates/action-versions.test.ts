import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTemplate } from './templates.js';

/**
 * Every `uses:` of the GitHub workflow template names an action and a major version that
 * exist, and every image of the GitLab templates a tag that exists, as listed in
 * action-versions.json (checked by hand on the release pages: the tests have no network).
 */

interface VersionList {
  checkedAt: string;
  checkedWhere: string;
  actions: Record<string, { majors: string[]; source: string }>;
  images: Record<string, { tags: string[]; source: string }>;
}

const LIST_FILE = path.join(import.meta.dirname, 'action-versions.json');
const list = JSON.parse(readFileSync(LIST_FILE, 'utf8')) as VersionList;

const SHA = /^[0-9a-f]{40}$/;

/** The text of a line before a YAML comment (a `#` at the start or after a space). */
function beforeComment(line: string): string {
  return line.replace(/(^|\s)#.*$/, '');
}

/** Problems with the `uses:` lines of a workflow, each naming its line. */
function actionProblems(text: string, file: string, versions: VersionList = list): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}: ${line.trim()}`;
    const code = beforeComment(line);
    const match = /(?:^|[\s-])uses:\s*['"]?([^\s'"]+)/.exec(code);
    if (match === null) return;
    const ref = match[1] ?? '';
    const at = ref.lastIndexOf('@');
    if (ref.startsWith('./') || ref.startsWith('docker://')) {
      problems.push(`${where}: only actions from a repository (owner/repo@vN) are checked; add a check for this kind`);
      return;
    }
    if (at < 0) {
      problems.push(`${where}: no version (expected owner/repo@vN)`);
      return;
    }
    const action = ref.slice(0, at);
    let version = ref.slice(at + 1);
    // Pinned by commit: the version it stands for is in the comment (`@<sha> # v7.0.1`).
    if (SHA.test(version)) version = /#\s*(v\d+)/.exec(line)?.[1] ?? '';
    const major = /^(v\d+)(?:\.\d+){0,2}$/.exec(version)?.[1];
    const known = versions.actions[action];
    if (known === undefined) {
      problems.push(`${where}: ${action} is not in ${path.basename(LIST_FILE)}: check its release page and add it`);
    } else if (major === undefined) {
      problems.push(`${where}: version "${version}" is not vN (or vN.N.N, or a commit SHA with a "# vN" comment)`);
    } else if (!known.majors.includes(major)) {
      problems.push(`${where}: ${action}@${major} does not exist; listed majors: ${known.majors.join(', ')} (${known.source})`);
    }
  });
  return problems;
}

/** Problems with the `image:` references of a GitLab file (also inside generated YAML), each naming its line. */
function imageProblems(text: string, file: string, versions: VersionList = list): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}: ${line.trim()}`;
    for (const match of beforeComment(line).matchAll(/\bimage:\s*['"]?([a-z0-9][a-z0-9._/-]*)(?::([A-Za-z0-9._-]+))?/g)) {
      const image = match[1] ?? '';
      const tag = match[2];
      const known = versions.images[image];
      if (known === undefined) problems.push(`${where}: image ${image} is not in ${path.basename(LIST_FILE)}: check its tags and add it`);
      else if (tag === undefined) problems.push(`${where}: image ${image} has no tag (latest moves): name one of ${known.tags.join(', ')}`);
      else if (!known.tags.includes(tag)) problems.push(`${where}: ${image}:${tag} is not a listed tag; listed: ${known.tags.join(', ')} (${known.source})`);
    }
  });
  return problems;
}

describe('action-versions.json', () => {
  it('says when and where it was checked: checkedAt is an ISO date (re-check it when it is over a year old)', () => {
    expect(list.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${list.checkedAt}T00:00:00Z`).toISOString().slice(0, 10)).toBe(list.checkedAt);
    expect(list.checkedWhere).not.toBe('');
  });

  it('lists each action as owner/repo with vN majors and the release page it was checked on', () => {
    expect(Object.keys(list.actions).length).toBeGreaterThan(0);
    for (const [action, entry] of Object.entries(list.actions)) {
      expect(action).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(entry.majors.length, action).toBeGreaterThan(0);
      for (const major of entry.majors) expect(major, action).toMatch(/^v\d+$/);
      expect(entry.source, action).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/releases$/);
    }
    for (const [image, entry] of Object.entries(list.images)) {
      expect(entry.tags.length, image).toBeGreaterThan(0);
      expect(entry.source, image).toMatch(/^https:\/\//);
    }
  });
});

describe('the CI templates name versions that exist', () => {
  it('every uses: of templates/workflows/graphform.yml', async () => {
    const text = await readTemplate('workflows/graphform.yml');
    expect(text).toMatch(/^\s*-?\s*uses:/m);
    expect(actionProblems(text, 'templates/workflows/graphform.yml')).toEqual([]);
  });

  it.each(['gitlab/gitlab-ci.yml', 'gitlab/graphform.gitlab-ci.yml', 'gitlab/graphform-data-loss.gitlab-ci.yml'] as const)(
    'every image: of templates/%s',
    async (name) => {
      expect(imageProblems(await readTemplate(name), `templates/${name}`)).toEqual([]);
    },
  );
});

describe('the checks', () => {
  it('name the line of an unknown action, a major that does not exist and a missing version', () => {
    const workflow = [
      'steps:',
      '  - uses: actions/checkout@v7',
      '  - uses: actions/upload-artifact@v8',
      '  - uses: someone/else@v1',
      '  - uses: actions/setup-node',
    ].join('\n');
    const problems = actionProblems(workflow, 'w.yml');
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^w\.yml:3: .*actions\/upload-artifact@v8 does not exist/);
    expect(problems[1]).toMatch(/^w\.yml:4: .*someone\/else is not in action-versions\.json/);
    expect(problems[2]).toMatch(/^w\.yml:5: .*no version/);
  });

  it('take a commit SHA by the version in its comment, and skip comment lines', () => {
    const sha = 'a'.repeat(40);
    expect(actionProblems(`  - uses: actions/checkout@${sha} # v7.0.1\n# uses: actions/checkout@v1`, 'w.yml')).toEqual([]);
    expect(actionProblems(`  - uses: actions/checkout@${sha} # v99`, 'w.yml')[0]).toMatch(/^w\.yml:1: .*@v99 does not exist/);
    expect(actionProblems(`  - uses: actions/checkout@${sha}`, 'w.yml')[0]).toMatch(/^w\.yml:1: .*is not vN/);
  });

  it('name the line of an image tag not listed, also one inside a quoted string', () => {
    const problems = imageProblems("job:\n  image: node:24\n  script: printf '%s' '  image: node:12'\n  image: node", 'g.yml');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^g\.yml:3: .*node:12 is not a listed tag/);
    expect(problems[1]).toMatch(/^g\.yml:4: .*has no tag/);
  });
});
