import { namedItem } from './item-access.js';
import { GraphformError } from '../diagnostics/errors.js';
import type { Plan, PlanSource } from '../plan/types.js';

/** Sources whose keep step meets values that do not convert where nothing may be sent (`onError: fail`, or no `convert` declared). */
export function blockedKeepSources(plan: Plan): PlanSource[] {
  return plan.sources.filter((s) => s.keep?.known === true && s.keep.blocked);
}

/**
 * plan's and apply's refusal of such a plan: every failing property with its count and the
 * first items by `_id` and language (with the value where the item is public), and what to declare instead.
 */
export function blockedKeepError(sources: readonly PlanSource[]): GraphformError {
  const lines: string[] = [];
  for (const source of sources) {
    if (source.keep?.known !== true) continue;
    for (const issue of source.keep.conversions.filter((c) => c.onError === 'fail' || c.onError === 'undeclared')) {
      const examples = issue.examples.map(namedItem).join(', ');
      const why =
        issue.onError === 'undeclared'
          ? `changes from ${issue.from} to ${issue.to}, which needs a convert: entry`
          : `does not convert from ${issue.from} to ${issue.to}`;
      lines.push(`${source.id}: ${issue.property} ${why} in ${issue.items} item${issue.items === 1 ? '' : 's'}: ${examples}`);
    }
  }
  return new GraphformError('GF_KEEP_CONVERSION_FAILED', `Values do not convert to the declared types; nothing would be sent:\n  ${lines.join('\n  ')}`, {
    hint:
      'Fix those values, or declare what happens to them: ' +
      '`convert: {Type.Property: {onError: drop-value}}` keeps the item without the value, `drop-item` does not carry the item over (it is lost).',
  });
}
