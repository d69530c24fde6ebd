import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDataFiles } from '../../../src/data/push/push-data.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { DATA_CONFIG, product, shopDeclaration } from '../fixtures.js';

const LONG = `${'\u001b[2J'}${'v'.repeat(100_000)}`;

describe('data diagnostics quote values', () => {
  it('in short, escaped excerpts, however long the value in the file', async () => {
    const dir = await makeTempDir('graphform-excerpts-');
    const items = [
      { index: { _id: LONG, language_routing: LONG } },
      product(LONG, LONG, { ContentType: ['Item', LONG], Language: { Name: 'sv' } }),
      { index: { _id: '2', language_routing: 'en' } },
      product('2', 'en', { Released: LONG, [LONG]: 1 }),
      { index: { _id: '2', language_routing: 'en' } },
      product('2', 'en'),
      { [LONG]: { _id: '3' } },
    ];
    await writeFile(path.join(dir, 'items.ndjson'), items.map((item) => JSON.stringify(item)).join('\n'));
    const summary = await validateDataFiles({ declaration: shopDeclaration(), files: ['items.ndjson'], config: DATA_CONFIG, maxErrors: 50, cwd: dir });
    const codes = summary.diagnostics.map((d) => d.code);
    for (const code of [
      'GF_DATA_UNKNOWN_LANGUAGE',
      'GF_DATA_LANGUAGE_MISMATCH',
      'GF_DATA_UNKNOWN_CONTENT_TYPE',
      'GF_DATA_INVALID_VALUE',
      'GF_DATA_UNDECLARED_FIELD',
      'GF_DATA_DUPLICATE_ID',
    ]) {
      expect(codes).toContain(code);
    }
    for (const d of summary.diagnostics) {
      expect(d.message.length, d.code).toBeLessThan(400);
      expect(d.path.length, d.code).toBeLessThan(260);
      expect(d.message, d.code).not.toContain('\u001b');
    }
  });
});
