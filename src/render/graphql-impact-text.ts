import type { Painter, Tint } from './painter.js';
import type { GraphqlChange, GraphqlCriticality, Plan, PlanSource } from '../plan/types.js';
import { escapeControl as e } from './escape-control.js';

/** Safe changes shown per source before the rest is counted: a new source adds many types. */
export const SAFE_CHANGES_SHOWN = 5;

export const CRITICALITY_WORDS: Readonly<Record<GraphqlCriticality, string>> = { BREAKING: 'breaking', DANGEROUS: 'dangerous', NON_BREAKING: 'safe' };

/** "1 breaking, 2 safe": each criticality that occurs, breaking first. */
export function graphqlCounts(changes: readonly GraphqlChange[]): string {
  const order: GraphqlCriticality[] = ['BREAKING', 'DANGEROUS', 'NON_BREAKING'];
  return order
    .map((level) => [level, changes.filter((c) => c.criticality === level).length] as const)
    .filter(([, n]) => n > 0)
    .map(([level, n]) => `${n} ${CRITICALITY_WORDS[level]}`)
    .join(', ');
}

/**
 * A source's GraphQL impact for a terminal, indented under its block: a heading with the
 * counts, every breaking and dangerous change, and the first few safe ones. Nothing for a
 * source whose GraphQL types do not change.
 */
export function graphqlImpactLines(source: PlanSource, c: Painter): string[] {
  const changes = source.graphqlChanges ?? [];
  if (changes.length === 0) return [];
  const paint: Record<GraphqlCriticality, Tint> = { BREAKING: c.red, DANGEROUS: c.yellow, NON_BREAKING: c.green };
  const lines = [`      ${c.bold('GraphQL:')} ${graphqlCounts(changes)}`];
  const safe = changes.filter((change) => change.criticality === 'NON_BREAKING');
  const shown = [...changes.filter((change) => change.criticality !== 'NON_BREAKING'), ...safe.slice(0, SAFE_CHANGES_SHOWN)];
  for (const change of shown) lines.push(`        ${paint[change.criticality](CRITICALITY_WORDS[change.criticality].padEnd(9))} ${e(change.message)}`);
  const more = safe.length - SAFE_CHANGES_SHOWN;
  if (more > 0) lines.push(c.dim(`        … and ${more} more safe change${more === 1 ? '' : 's'} (plan --format json lists every one)`));
  return lines;
}

/** Under the summary: how many breaking GraphQL changes, in which sources; nothing when there are none. */
export function graphqlBreakingLine(plan: Plan): string | undefined {
  const breaking = plan.sources.filter((s) => (s.graphqlChanges ?? []).some((c) => c.criticality === 'BREAKING'));
  if (breaking.length === 0) return undefined;
  const n = breaking.reduce((sum, s) => sum + (s.graphqlChanges ?? []).filter((c) => c.criticality === 'BREAKING').length, 0);
  return (
    `GraphQL: ${n} breaking change${n === 1 ? '' : 's'} in ${breaking.map((s) => s.id).join(', ')}: ` +
    `queries that read ${n === 1 ? 'it' : 'them'} stop working.`
  );
}
