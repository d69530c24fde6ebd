import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '../../src/apply/types.js';
import { renderApplySummary } from '../../src/render/apply-text.js';

const plain = new Chalk({ level: 0 });

describe('apply summary when a re-push fails', () => {
  it('counts the source whose data files were not pushed as failed, as the exit code does', () => {
    const result: ApplyResult = {
      ok: false,
      stopped: false,
      pending: ['shop'],
      outcomes: [
        { id: 'blog', action: 'partial', status: 'applied', durationMs: 5 },
        { id: 'shop', action: 'full', status: 'applied', repushError: 'connection refused', durationMs: 5 },
      ],
    };
    const text = renderApplySummary(result, plain);
    expect(text).toContain('Apply failed. 2 applied, 1 failed (1 in pushing data files), 0 not started.');
    // Not `data push shop`: it fails without data: files (GF_DATA_NO_FILES) and pushes none of a pending snapshot.
    expect(text).toContain('run `graphform apply` again to push them');
    expect(text).not.toContain('data push');
  });

  it("gives a snapshot problem's own way out, never `data push`", () => {
    const hint =
      'To push what the file holds instead and forget the recorded items it no longer holds: `graphform data restore s.ndjson --forget-missing-items`.';
    const result: ApplyResult = {
      ok: false,
      stopped: false,
      pending: ['shop'],
      outcomes: [
        {
          id: 'shop',
          action: 'none',
          status: 'applied',
          repushError: 'the snapshot s.ndjson of source shop is not the file that was written',
          repushErrorCode: 'GF_KEEP_SNAPSHOT_CHANGED',
          repushHint: hint,
          durationMs: 5,
        },
      ],
    };
    const text = renderApplySummary(result, plain);
    expect(text).toContain(`Source shop: the schema was applied, but its items were not pushed again (GF_KEEP_SNAPSHOT_CHANGED). ${hint}`);
    expect(text, 'data push would fail without data: files and would clear the marker').not.toContain('data push');
  });
});
