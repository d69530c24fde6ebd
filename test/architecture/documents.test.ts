import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentProblems, filesUnder, headings } from '../helpers/document-references.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

describe('the documents src/ cites', () => {
  it('are all in the repository, and every cited section is a heading of its document', () => {
    const problems = filesUnder(SRC).flatMap((file) => documentProblems(path.relative(ROOT, file), readFileSync(file, 'utf8'), ROOT));
    expect(problems, 'cite ARCHITECTURE.md or a page of docs/ (docs/service-facts.md for a fact about the service) by a heading it has').toEqual([]);
  });

  it('finds what a clone could not follow (the check itself works)', () => {
    const text = [
      '/** The wire names (public-facts.md, "Data field names"). */',
      '/** The state (DESIGN.md section 5); see docs/nowhere.md and docs/service-facts.md, "No such',
      ' * section". */',
      '// Fine: docs/service-facts.md "Reading items back", ARCHITECTURE.md, and plan.md (a file graphform writes).',
    ].join('\n');
    expect(documentProblems('src/x.ts', text, ROOT).map((p) => p.problem)).toEqual([
      'cites DESIGN.md, a document outside the repository',
      'cites public-facts.md, a document outside the repository',
      'cites docs/nowhere.md, which is not in the repository',
      'cites section "No such section" of docs/service-facts.md, which has no such heading',
    ]);
  });
});

describe('ARCHITECTURE.md', () => {
  const architecture = read('ARCHITECTURE.md');

  it('names every folder of src/ as a room of its code map, and no folder that is gone', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `src/${entry.name}/`)
      .sort();
    const rooms = headings(architecture)
      .map((heading) => /^`(src\/[\w-]+\/)`$/.exec(heading)?.[1])
      .filter((room): room is string => room !== undefined)
      .sort();
    expect(rooms, 'each folder under src/ needs a "### `src/<folder>/`" section in the code map').toEqual(folders);
  });

  it('shows the flows of plan and apply through files that exist', () => {
    expect(headings(architecture)).toEqual(expect.arrayContaining(['The flow of `plan`', 'The flow of `apply`', 'Invariants', 'Where to start reading']));
    const named = [...architecture.matchAll(/`((?:src\/)?(?:[\w-]+\/)+[\w-]+\.ts)`/g)].map((match) => match[1] ?? '');
    const missing = named.map((file) => (file.startsWith('src/') ? file : `src/${file}`)).filter((file) => !filesUnder(SRC).includes(path.join(ROOT, file)));
    expect(missing, 'ARCHITECTURE.md names these files, which src/ no longer has').toEqual([]);
  });

  it('is linked from README.md and docs/README.md', () => {
    expect(read('README.md')).toMatch(/\]\(ARCHITECTURE\.md\)/);
    expect(read('docs/README.md')).toMatch(/\]\(\.\.\/ARCHITECTURE\.md\)/);
  });
});
