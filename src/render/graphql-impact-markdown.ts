import type { GraphqlCriticality, Plan } from '../plan/types.js';
import { code, escapeText } from './markdown-text.js';
import { CRITICALITY_WORDS, graphqlCounts } from './graphql-impact-text.js';

/** Safe changes listed per source in a comment; a new source adds many types. */
const SAFE_CHANGES_LISTED = 20;

const MARKS: Readonly<Record<GraphqlCriticality, string>> = { BREAKING: '🔴', DANGEROUS: '🟠', NON_BREAKING: '🟢' };

/**
 * How much of the impact a comment lists: `all` (every breaking and dangerous change and
 * the first safe ones), `risky` (no safe ones) or `breaking` (only the breaking ones); the
 * shorter forms let a plan cut for size keep what breaks readers.
 */
export type GraphqlListing = 'all' | 'risky' | 'breaking';

const LISTED: Readonly<Record<GraphqlListing, readonly GraphqlCriticality[]>> = {
  all: ['BREAKING', 'DANGEROUS', 'NON_BREAKING'],
  risky: ['BREAKING', 'DANGEROUS'],
  breaking: ['BREAKING'],
};

/**
 * The plan's GraphQL impact for a pull-request comment: one collapsed block whose summary
 * gives the counts (breaking in bold), listing per source every breaking and dangerous
 * change and the first safe ones (fewer with a shorter `listing`; the counts stay whole).
 * '' when no source changes its GraphQL types.
 */
export function graphqlImpactBlock(plan: Plan, listing: GraphqlListing = 'all'): string {
  const sources = plan.sources.filter((s) => (s.graphqlChanges ?? []).length > 0);
  if (sources.length === 0) return '';
  const all = sources.flatMap((s) => s.graphqlChanges ?? []);
  const counts = graphqlCounts(all).replace(/^(\d+ breaking)/, '<b>$1</b>');
  const out = [`<details><summary>GraphQL impact: ${counts}</summary>`, ''];
  for (const source of sources) {
    const changes = source.graphqlChanges ?? [];
    const levels = LISTED[listing];
    const safe = levels.includes('NON_BREAKING') ? changes.filter((c) => c.criticality === 'NON_BREAKING').slice(0, SAFE_CHANGES_LISTED) : [];
    const listed = [...changes.filter((c) => c.criticality !== 'NON_BREAKING' && levels.includes(c.criticality)), ...safe];
    out.push(`${code(source.id)}: ${graphqlCounts(changes)}`, '');
    for (const change of listed) out.push(`- ${MARKS[change.criticality]} ${CRITICALITY_WORDS[change.criticality]}: ${escapeText(change.message)}`);
    const more = changes.length - listed.length;
    if (more > 0) out.push(`- and ${more} more ${moreWord(listing)} change${more === 1 ? '' : 's'} (the JSON plan lists every one)`);
    out.push('');
  }
  out.push('</details>', '', '');
  return out.join('\n');
}

/** What the unlisted changes are: only safe ones when everything risky is listed. */
function moreWord(listing: GraphqlListing): string {
  return listing === 'breaking' ? 'non-breaking' : 'safe';
}
