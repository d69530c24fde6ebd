import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { RemoteDefinition } from '../../src/graph/types.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import { declaration, planOf, shop } from '../plan/builders.js';

/** After `state rm`, the service still has the declaration: nothing is sent, and the plan says apply only records it (no `+` line beside "no changes"). */
describe('a source the service already holds as declared, which state does not record', () => {
  const found: RemoteDefinition = { status: 'found', definition: shop(), unknown: [], hasDescription: false };
  const plan = planOf({ applied: {}, declared: [declaration('shop', shop())], remote: { shop: found } });

  it('is shown as recorded in state, without change lines, and the plan says nothing is sent', () => {
    expect(plan.sources[0]).toMatchObject({ action: 'none', requests: [] });
    const text = renderPlanText(plan, { color: new Chalk({ level: 0 }), showDiff: false });
    expect(text).toContain('shop will be recorded in state: the service already has this definition, nothing is sent');
    expect(text).not.toMatch(/^\s+\+ source/m);
    expect(text).toContain('Nothing to send: the service already has every declared definition. `graphform apply` records shop in state.');
    expect(text).not.toContain('No changes.');
    expect(renderPlanMarkdown(plan)).toContain('Nothing to send: the service already has every declared definition.');
  });
});
