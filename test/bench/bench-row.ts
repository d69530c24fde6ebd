/**
 * One row of `npm run bench`'s table: what was measured, the figure as shown, the issue's
 * target and whether it is met. The plan and data benches declare the same shape.
 */
export interface BenchRow {
  measure: string;
  /** e.g. "1.02× (23 ms vs 23 ms)". */
  value: string;
  target: string;
  met: boolean;
}

/** A ratio row: `value` against a ceiling (or, with `atLeast`, a floor). */
export function ratioRow(measure: string, value: number, target: number, detail: string, atLeast = false): BenchRow {
  return { measure, value: `${value.toFixed(2)}× (${detail})`, target: `${atLeast ? '≥' : '≤'} ${target}×`, met: atLeast ? value >= target : value <= target };
}

/** The table as markdown, for the terminal and for the README. */
export function renderBenchTable(rows: readonly BenchRow[]): string {
  return [
    '| measure | now | target | met |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.measure} | ${row.value} | ${row.target} | ${row.met ? 'yes' : 'NO'} |`),
  ].join('\n');
}
