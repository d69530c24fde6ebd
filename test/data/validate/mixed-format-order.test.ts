import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../../helpers/emulator.js';
import { graphProject, type GraphProject } from '../../helpers/graph-project.js';
import { product, shopDeclaration, wireLines } from '../fixtures.js';

/**
 * Files are validated in the order given, whatever their format: with `a.ndjson` before
 * `b.json`, an id repeated across them is the duplicate in b.json, and --max-errors keeps
 * the problems of a.ndjson first. Validating b.json first (a JSON file is read whole, an
 * NDJSON one streamed) would flag a.ndjson's line instead and keep other problems.
 */
async function mixedProject(aItems: Record<string, unknown>[], bItems: Record<string, unknown>[] = [product('x1')]): Promise<GraphProject> {
  const emulator = await startTestEmulator();
  const { definition } = shopDeclaration();
  const project = await graphProject(emulator, {
    'content-sources/shop.yaml': JSON.stringify({ id: 'shop', ...definition, data: ['data/a.ndjson', 'data/b.json'] }),
    'content-sources/data/a.ndjson': wireLines(aItems),
    'content-sources/data/b.json': JSON.stringify(bItems, null, 2),
  });
  return project;
}

interface Summary {
  diagnostics: { file: string; line: number; code: string }[];
}

/** The diagnostics of `data validate` or of `data push` (under `validation`), as file:line CODE. */
function brief(stdout: string): string[] {
  const out = JSON.parse(stdout) as Summary | { validation: Summary };
  return ('validation' in out ? out.validation : out).diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`);
}

describe('data validate and push of an NDJSON file then a JSON file sharing an _id', () => {
  it("flags the duplicate in the later file, and --max-errors 1 keeps the first file's problem", async () => {
    const project = await mixedProject([product('x1'), product('x2', 'en', { Price: 'cheap' })]);
    const files = ['content-sources/data/a.ndjson', 'content-sources/data/b.json'];
    const all = await project.cli('data', 'validate', 'shop', ...files, '--format', 'json');
    expect(all.code, all.stderr).toBe(1);
    expect(brief(all.stdout)).toEqual(['content-sources/data/a.ndjson:4 GF_DATA_INVALID_VALUE', 'content-sources/data/b.json:2 GF_DATA_DUPLICATE_ID']);
    for (const command of [
      ['data', 'validate', 'shop'],
      ['data', 'push', 'shop', '--dry-run'],
    ]) {
      const first = await project.cli(...command, ...files, '--format', 'json', '--max-errors', '1');
      expect(first.code, command.join(' ')).toBe(1);
      expect(brief(first.stdout), command.join(' ')).toEqual(['content-sources/data/a.ndjson:4 GF_DATA_INVALID_VALUE']);
    }
  });

  it("keeps the first file's invalid item under --max-errors 1 when both files have one", async () => {
    const project = await mixedProject([product('x1'), product('x2', 'en', { Price: 'cheap' })], [product('x1'), product('y1', 'en', { Price: 'dear' })]);
    const files = ['content-sources/data/a.ndjson', 'content-sources/data/b.json'];
    const all = await project.cli('data', 'validate', 'shop', ...files, '--format', 'json');
    // y1 starts on line 25 of b.json; its Price, the field in error, is on line 47.
    expect(brief(all.stdout)).toEqual([
      'content-sources/data/a.ndjson:4 GF_DATA_INVALID_VALUE',
      'content-sources/data/b.json:2 GF_DATA_DUPLICATE_ID',
      'content-sources/data/b.json:47 GF_DATA_INVALID_VALUE',
    ]);
    for (const command of [
      ['data', 'validate', 'shop'],
      ['data', 'push', 'shop', '--dry-run'],
    ]) {
      const first = await project.cli(...command, ...files, '--format', 'json', '--max-errors', '1');
      expect(brief(first.stdout), command.join(' ')).toEqual(['content-sources/data/a.ndjson:4 GF_DATA_INVALID_VALUE']);
    }
  });

  it("with --max-errors 1 and a clean first file, the duplicate is b.json's, also for the declared files", async () => {
    const project = await mixedProject([product('x1'), product('x2')]);
    for (const command of [
      ['data', 'validate', 'shop'],
      ['data', 'push', 'shop', '--dry-run'],
    ]) {
      const first = await project.cli(...command, '--format', 'json', '--max-errors', '1');
      expect(first.code, command.join(' ')).toBe(1);
      expect(brief(first.stdout), command.join(' ')).toEqual(['content-sources/data/b.json:2 GF_DATA_DUPLICATE_ID']);
    }
  });
});
