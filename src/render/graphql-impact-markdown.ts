import type { GraphqlCriticality, Plan } from '../plan/types.js';
import { code, escapeText } from './markdown-text.js';
import { CRITICALITY_WORDS, graphqlCounts } from './graphql-impact-text.js';

/** Safe changes listed per source in a comment; a new source adds many types. */
const SAFE_CHANGES_LISTED = 20;

const MARKS: Readonly<Record<GraphqlCriticality, string>> = { BREAKING: '🔴', DANGEROUS: '🟠', NON_BREAKING: '🟢' };

/**
 * The plan's GraphQL impact for a pull-request comment: one collapsed block whose summary
 * gives the counts (breaking in bold), listing per source every breaking and dangerous
 * change and the first safe ones. '' when no source changes its GraphQL types.
 */
export function graphqlImpactBlock(plan: Plan): string {
  const sources = plan.sources.filter((s) => (s.graphqlChanges ?? []).length > 0);
  if (sources.length === 0) return '';
  const all = sources.flatMap((s) => s.graphqlChanges ?? []);
  const counts = graphqlCounts(all).replace(/^(\d+ breaking)/, '<b>$1</b>');
  const out = [`<details><summary>GraphQL impact: ${counts}</summary>`, ''];
  for (const source of sources) {
    const changes = source.graphqlChanges ?? [];
    const safe = changes.filter((c) => c.criticality === 'NON_BREAKING');
    const listed = [...changes.filter((c) => c.criticality !== 'NON_BREAKING'), ...safe.slice(0, SAFE_CHANGES_LISTED)];
    out.push(`${code(source.id)}: ${graphqlCounts(changes)}`, '');
    for (const change of listed) out.push(`- ${MARKS[change.criticality]} ${CRITICALITY_WORDS[change.criticality]}: ${escapeText(change.message)}`);
    const more = safe.length - SAFE_CHANGES_LISTED;
    if (more > 0) out.push(`- and ${more} more safe change${more === 1 ? '' : 's'} (the JSON plan lists every one)`);
    out.push('');
  }
  out.push('</details>', '', '');
  return out.join('\n');
}
