/** One row of `npm run bench`'s table: a measured figure against its target (lower is better unless `atLeast`). */
export interface BenchRow {
  measure: string;
  value: number;
  /** '×' for ratios, 'MiB' for memory. */
  unit: '×' | 'MiB';
  target: number;
  /** The target is a floor (a throughput ratio), not a ceiling. */
  atLeast?: boolean;
  /** The absolute figures behind the ratio, for the reader. */
  detail: string;
}

export function meetsTarget(row: BenchRow): boolean {
  return row.atLeast === true ? row.value >= row.target : row.value <= row.target;
}

/** The table as markdown, for the terminal and for the README. */
export function renderBenchTable(rows: readonly BenchRow[]): string {
  const figure = (value: number, unit: BenchRow['unit']): string => (unit === '×' ? `${value.toFixed(2)}×` : `${Math.round(value)} MiB`);
  const lines = ['| measure | now | target | met | figures |', '|---|--:|--:|:-:|---|'];
  for (const row of rows) {
    lines.push(`| ${row.measure} | ${figure(row.value, row.unit)} | ${row.atLeast === true ? '≥' : '≤'} ${figure(row.target, row.unit)} | ${meetsTarget(row) ? 'yes' : 'NO'} | ${row.detail} |`);
  }
  return lines.join('\n');
}
