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

describe('renderApplyEvent, the re-push', () => {
  const summary = { status: 'sent', itemsSent: 3, batches: 1 } as Extract<Parameters<typeof renderApplyEvent>[0], { type: 'repush' }>['summary'];

  it('says where the first push came from, and that a later round pushes the same items again', () => {
    expect(renderApplyEvent({ type: 'repush', id: 'news', summary, kept: 2 }, plain)).toBe(
      'news: pushed 3 items (2 kept from the snapshot, 1 from its data files) in 1 batch',
    );
    expect(renderApplyEvent({ type: 'repush', id: 'news', summary, kept: 2, again: 1 }, plain)).toBe(
      'news: pushed the same 3 items again (a second time), in 1 batch: GraphQL did not serve them all as sent',
    );
    expect(renderApplyEvent({ type: 'repush', id: 'news', summary, kept: 2, again: 3 }, plain)).toBe(
      'news: pushed the same 3 items again (4 times in all), in 1 batch: GraphQL did not serve them all as sent',
    );
  });
});
