import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDeclaredData } from '../../../src/data/ledger/declared-diff.js';
import type { SourceDeclaration } from '../../../src/model/types.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';

const DECLARATION: SourceDeclaration = {
  id: 'docs',
  file: 'docs.yaml',
  data: ['items.ndjson'],
  definition: { label: 'Docs', languages: ['en'], contentTypes: { Page: { contentType: [], properties: { Title: { type: 'String', searchable: true } } } } },
};
const CONFIG = { idField: '_id', languageField: 'language_routing', batchMaxBytes: 1_000_000, batchMaxItems: 100, concurrency: 2 };

function lines(count: number, newline = '\n', title = (i: number) => `Page ${i}`): string {
  let text = '';
  for (let i = 0; i < count; i++)
    text += `{"index":{"_id":"p${i}","language_routing":"en"}}${newline}{"Title___searchable":"${title(i)}","ContentType":["Page"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read"}${newline}`;
  return text;
}

async function digestOf(text: string, workersFromBytes: number): Promise<string> {
  const dir = await makeProjectDir({ 'docs.yaml': '', 'items.ndjson': text });
  const diff = await diffDeclaredData({ declaration: DECLARATION, config: CONFIG, cwd: dir, root: dir, ledger: undefined, workersFromBytes });
  expect(diff.validation.errors).toBe(0);
  expect(path.basename(diff.files[0] ?? '')).toBe('items.ndjson');
  return diff.outcome.digest;
}

describe('the content hash of a record', () => {
  it('is the same on worker threads and on this one, and for CRLF lines as for LF', { timeout: 60_000 }, async () => {
    const text = lines(3000);
    const here = await digestOf(text, Number.MAX_SAFE_INTEGER);
    expect(await digestOf(text, 1)).toBe(here);
    expect(await digestOf(lines(3000, '\r\n'), Number.MAX_SAFE_INTEGER)).toBe(here);
  });

  it('differs when one value of one item differs', async () => {
    const text = lines(50);
    expect(
      await digestOf(
        lines(50, '\n', (i) => (i === 17 ? 'Page 17!' : `Page ${i}`)),
        Number.MAX_SAFE_INTEGER,
      ),
    ).not.toBe(await digestOf(text, Number.MAX_SAFE_INTEGER));
  });
});
