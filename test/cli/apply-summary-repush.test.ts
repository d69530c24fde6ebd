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
    expect(text).toContain('graphform data push shop');
  });
});
