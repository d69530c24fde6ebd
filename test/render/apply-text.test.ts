import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { renderApplyEvent } from '../../src/render/apply-text.js';

const plain = new Chalk({ level: 0 });

describe('renderApplyEvent, a failed source', () => {
  it('shows the failure with its stable code, as every error line does', () => {
    const line = renderApplyEvent(
      { type: 'failed', id: 'shop', action: 'full', error: 'The graph service answered 503 to PUT /api/content/v3/types?id=shop', code: 'GF_GRAPH_HTTP_503' },
      plain,
    );
    expect(line).toBe('shop: failed [GF_GRAPH_HTTP_503]: The graph service answered 503 to PUT /api/content/v3/types?id=shop');
  });

  it('shows a failure without a code as its message alone', () => {
    expect(renderApplyEvent({ type: 'failed', id: 'shop', action: 'create', error: 'boom' }, plain)).toBe('shop: failed: boom');
  });
});
