import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { CONFIG } from '../helpers/declared-docs.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

const source = (property: string, moved: boolean): string =>
  [
    'id: docs',
    'label: Docs',
    'languages: [en]',
    'data: [../data/*.ndjson]',
    ...(moved ? ['moved:', '  - { from: Doc.Summary, to: Doc.Abstract }'] : []),
    'contentTypes:',
    '  Doc:',
    '    contentType: []',
    '    properties:',
    '      Title: { type: String }',
    `      ${property}: { type: String }`,
    '',
  ].join('\n');
const line = (id: string, field: string): string =>
  `{"index":{"_id":"${id}","language_routing":"en"}}\n${JSON.stringify({ Title: id, [field]: `${id} summary`, ContentType: ['Doc'], Language: { Name: 'en' }, Status: 'Published', _rbac: 'r:Everyone:Read' })}\n`;

describe('a moved property still named in a data file', () => {
  it('is an error at its line in the plan, not a value pushed where nothing serves it', { timeout: 60_000 }, async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': CONFIG,
      'content-sources/docs.yaml': source('Summary', false),
      'data/docs.ndjson': line('a', 'Summary') + line('b', 'Abstract'),
    });
    const env = testHost(dir);
    // Before the rename, Abstract is the undeclared one: a warning, and the apply goes through.
    expect((await graphform.apply({}, env)).ok).toBe(true);
    await writeFile(path.join(dir, 'content-sources/docs.yaml'), source('Abstract', true));
    const { plan, invalidData } = await graphform.plan({}, env);
    expect(invalidData.map((s) => s.id)).toEqual(['docs']);
    const errors = (plan.sources[0]?.data?.diagnostics ?? []).filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.code} ${d.path ?? ''}`)).toEqual(['data/docs.ndjson:2 GF_DATA_MOVED_FIELD /Summary']);
    expect(errors[0]?.message).toContain('which the declaration moves to Abstract');
  });
});
