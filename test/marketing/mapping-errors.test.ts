import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { groupMappingErrors } from '../../src/marketing/mapping-errors.js';
import type { SourceImport } from '../../src/model/types.js';

const spec: SourceImport = { from: 'assets', contentType: 'Article', mapping: { Name: 'title', Count: 'type', 'a/b': 'id' } };
const at = (property: string) => ({ file: 'content-sources/news.yaml', line: 9, column: property.length });
const item = (asset: string, path: string, message: string, code: Diagnostic['code'] = 'GF_DATA_INVALID_VALUE'): Diagnostic => ({
  code,
  severity: 'error',
  message,
  file: `asset ${asset}`,
  line: 1,
  column: 1,
  path,
});

describe('errors of the import mapping', () => {
  it('groups one per mapped property and code, at its entry, counting the assets; other diagnostics stay as they were', () => {
    const other = item('a1', '/Status', 'Not a status.');
    const grouped = groupMappingErrors(
      [
        item('a1', '/Count', 'Expected Int, found a string "image".'),
        item('a2', '/Count', 'Expected Int, found a string "video".'),
        other,
        item('a2', '/a~1b', 'Too long.', 'GF_DATA_LINE_TOO_LONG'),
      ],
      spec,
      at,
    );
    expect(grouped).toEqual([
      {
        code: 'GF_ASSETS_MAPPING_INVALID',
        severity: 'error',
        file: 'content-sources/news.yaml',
        line: 9,
        column: 5,
        path: 'import.mapping.Count',
        message:
          'import.mapping fills `Count` from asset field `type`, and the value does not fit in 2 assets (the first: asset a1): GF_DATA_INVALID_VALUE Expected Int, found a string "image". Map a field of the property\'s type, or change the property\'s type.',
      },
      expect.objectContaining({
        path: 'import.mapping.a/b',
        column: 3,
        message: expect.stringContaining('does not fit in asset a2: GF_DATA_LINE_TOO_LONG Too long.'),
      }),
      other,
    ]);
  });

  it('leaves warnings, and diagnostics of files, alone', () => {
    const warning: Diagnostic = { ...item('a1', '/Name', 'Long.'), severity: 'warning' };
    const fromFile: Diagnostic = { ...item('a1', '/Name', 'Bad.'), file: 'items.ndjson' };
    expect(groupMappingErrors([warning, fromFile], spec, at)).toEqual([warning, fromFile]);
  });
});
