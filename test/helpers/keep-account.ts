import type { KeepAccount, KeepRow } from '../../src/keep/types.js';

type KnownKeep = Extract<KeepAccount, { known: true }>;

/** A known keep account made of `rows`, its totals summed from them; `more` sets the rest. */
export function keepAccountOf(rows: KeepRow[], more: Partial<KnownKeep> = {}): KnownKeep {
  const sum = (pick: (r: KeepRow) => number): number => rows.reduce((n, r) => n + pick(r), 0);
  const lostBy: KnownKeep['lostBy'] = {};
  for (const row of rows)
    for (const [reason, n] of Object.entries(row.lostBy) as Array<[keyof KnownKeep['lostBy'], number]>) lostBy[reason] = (lostBy[reason] ?? 0) + n;
  return {
    known: true,
    enabled: true,
    rows,
    deleted: sum((r) => r.deleted),
    fromData: sum((r) => r.fromData),
    kept: sum((r) => r.kept),
    lost: sum((r) => r.lost),
    lostBy,
    conversions: [],
    dropped: [],
    moved: [],
    unreadable: [],
    defaults: {},
    removedLanguages: [],
    lostExamples: [],
    blocked: false,
    // Access as GraphQL serves it back, every kept item public: the rows' own counts.
    access: { source: 'served', public: sum((r) => r.access.public), hidden: sum((r) => r.access.hidden), fromDefault: sum((r) => r.access.fromDefault) },
    ...more,
  };
}
