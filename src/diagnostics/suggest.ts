/**
 * "Did you mean" by edit distance: the closest candidate within a third of the word's
 * length (at least 1, at most 3 edits), compared case-insensitively.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  return closestWithin(word, candidates, undefined);
}

/** ", did you mean `x`?" or the empty string. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = closestMatch(word, candidates);
  return match === undefined ? '' : `; did you mean \`${match}\`?`;
}

/**
 * Distance computations one validation run may spend on suggestions. Each unknown name is
 * compared with every candidate, so names times candidates grows with the square of a
 * file's size (20,000 unknown keys over 20,000 properties would take half an hour); past
 * this many, problems are still reported, without a suggestion.
 */
export const SUGGESTION_BUDGET = 50_000;

/**
 * closestMatch with a bound on the total work of a run: every distance computed is counted,
 * and once `limit` are spent no more suggestions are made. A candidate whose length alone
 * rules it out costs nothing.
 */
export class SuggestionBudget {
  /** Distances computed so far. */
  computed = 0;

  constructor(readonly limit: number = SUGGESTION_BUDGET) {}

  closest(word: string, candidates: Iterable<string>): string | undefined {
    return this.computed >= this.limit ? undefined : closestWithin(word, candidates, this);
  }

  get exhausted(): boolean {
    return this.computed >= this.limit;
  }
}

function closestWithin(word: string, candidates: Iterable<string>, budget: SuggestionBudget | undefined): string | undefined {
  const target = word.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // The distance is at least the difference in length.
    if (Math.abs(candidate.length - word.length) > Math.min(limit, bestDistance - 1)) continue;
    if (budget !== undefined) {
      if (budget.exhausted) return undefined;
      budget.computed += 1;
    }
    const distance = editDistance(target, candidate.toLowerCase(), Math.min(limit, bestDistance - 1));
    if (distance < bestDistance && distance <= limit) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions). With `bound`,
 * any distance above it may be answered as bound + 1, as soon as a row shows it: a
 * suggestion needs only to know the distance is too large.
 */
export function editDistance(a: string, b: string, bound = Infinity): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  let previousMin = 0;
  for (let i = 1; i < rows; i++) {
    let rowMin = at(i, 0);
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
      d[i * cols + j] = value;
      if (value < rowMin) rowMin = value;
    }
    // A transposition reaches back two rows, so a row may only stop the walk when the row before it also exceeds the bound.
    if (rowMin > bound && previousMin > bound) return bound + 1;
    previousMin = rowMin;
  }
  return at(a.length, b.length);
}
