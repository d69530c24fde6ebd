/**
 * Remembers which (language, _id) keys a push has seen, in about 10 bytes per key whatever
 * the ids' length: keys are kept as 64-bit hashes in open-addressing tables, filled to at
 * most 80% and grown by half, so checking a multi-gigabyte push for duplicates stays small
 * (a gigabyte of typical items is under 2 million keys: about 20 MiB). The keys are spread
 * over 64 tables by their first bits, so a table that grows copies 1/64 of them, and the
 * old and new table together never double the memory. A hit means "probably seen";
 * callers confirm hits against the real keys (validate-files does, in a second, targeted
 * scan).
 */
export class IdHashSet {
  private readonly segments: Segment[];
  private count = 0;

  constructor(initialCapacity = 1024) {
    const each = Math.max(16, Math.ceil(initialCapacity / SEGMENTS / MAX_LOAD));
    this.segments = Array.from({ length: SEGMENTS }, () => ({ table: new Uint32Array(each * 2), capacity: each, count: 0 }));
  }

  get size(): number {
    return this.count;
  }

  /** Adds the hash; false when it was already there. */
  add(hash: IdHash): boolean {
    return this.addPair(hash[0], hash[1]);
  }

  /** add() for a hash kept as two numbers (in a typed array), with nothing allocated. */
  addPair(a: number, b: number): boolean {
    const segment = this.segments[a >>> SEGMENT_SHIFT] as Segment;
    if (segment.count + 1 > segment.capacity * MAX_LOAD) grow(segment);
    if (!insert(segment, a, b)) return false;
    this.count++;
    return true;
  }

  has(hash: IdHash): boolean {
    const [a, b] = hash;
    const { table, capacity } = this.segments[a >>> SEGMENT_SHIFT] as Segment;
    for (let slot = home(b, capacity); ; slot = slot + 1 === capacity ? 0 : slot + 1) {
      const x = table[slot * 2] ?? 0;
      const y = table[slot * 2 + 1] ?? 0;
      if (x === 0 && y === 0) return false;
      if (x === a && y === b) return true;
    }
  }
}

/** One of the tables: pairs of 32-bit halves, (0, 0) for an empty slot. */
interface Segment {
  table: Uint32Array;
  capacity: number;
  count: number;
}

const SEGMENTS = 64;
/** The first 6 bits of a hash's first half choose its table. */
const SEGMENT_SHIFT = 26;
/** Linear probing stays quick up to here; above it, a table grows. */
const MAX_LOAD = 0.8;

/** The slot a hash starts probing from: its second half scaled to the table, which may be any size. */
function home(b: number, capacity: number): number {
  return Math.floor((b / 4294967296) * capacity);
}

function insert(segment: Segment, a: number, b: number): boolean {
  const { table, capacity } = segment;
  for (let slot = home(b, capacity); ; slot = slot + 1 === capacity ? 0 : slot + 1) {
    const x = table[slot * 2] ?? 0;
    const y = table[slot * 2 + 1] ?? 0;
    if (x === 0 && y === 0) {
      table[slot * 2] = a;
      table[slot * 2 + 1] = b;
      segment.count++;
      return true;
    }
    if (x === a && y === b) return false;
  }
}

function grow(segment: Segment): void {
  const old = segment.table;
  segment.capacity = Math.ceil(segment.capacity * 1.5);
  segment.table = new Uint32Array(segment.capacity * 2);
  segment.count = 0;
  for (let i = 0; i < old.length; i += 2) {
    const a = old[i] ?? 0;
    const b = old[i + 1] ?? 0;
    if (a !== 0 || b !== 0) insert(segment, a, b);
  }
}

/** Two independent 32-bit hashes; (0, 0) is reserved for "empty". */
export type IdHash = readonly [number, number];

/** FNV-1a and a multiplicative variant over the UTF-16 units of `language \0 id`. */
export function idHash(language: string, id: string): IdHash {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  // The key is never built as a string: the two parts and the separator are hashed in turn.
  for (let part = 0; part < 3; part++) {
    const text = part === 0 ? language : part === 1 ? '\u0000' : id;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
  }
  a >>>= 0;
  b = (b ^ (b >>> 13)) >>> 0;
  return a === 0 && b === 0 ? [1, 0] : [a, b];
}

export function idHashKey(hash: IdHash): string {
  return `${hash[0]}:${hash[1]}`;
}
