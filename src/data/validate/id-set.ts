/**
 * Remembers which (language, _id) keys a push has seen, in about 10 bytes per key whatever
 * the ids' length: keys are kept as 64-bit hashes in one open-addressing table, filled to at
 * most 80% and grown by half, so checking a multi-gigabyte push for duplicates stays small
 * (a gigabyte of typical items is under 2 million keys: about 20 MiB). A hit means
 * "probably seen"; callers confirm hits against the real keys (validate-files does, in a
 * second, targeted scan).
 */
export class IdHashSet {
  private table: Uint32Array;
  private capacity: number;
  private count = 0;

  constructor(initialCapacity = 1024) {
    this.capacity = Math.max(16, Math.ceil(initialCapacity / MAX_LOAD));
    this.table = new Uint32Array(this.capacity * 2);
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
    if (this.count + 1 > this.capacity * MAX_LOAD) this.grow();
    return this.insert(a, b);
  }

  has(hash: IdHash): boolean {
    const [a, b] = hash;
    for (let slot = this.home(b); ; slot = slot + 1 === this.capacity ? 0 : slot + 1) {
      const x = this.table[slot * 2] ?? 0;
      const y = this.table[slot * 2 + 1] ?? 0;
      if (x === 0 && y === 0) return false;
      if (x === a && y === b) return true;
    }
  }

  /** The slot a hash starts probing from: its high bits scaled to the table, which may be any size. */
  private home(b: number): number {
    return Math.floor((b / 4294967296) * this.capacity);
  }

  private insert(a: number, b: number): boolean {
    for (let slot = this.home(b); ; slot = slot + 1 === this.capacity ? 0 : slot + 1) {
      const x = this.table[slot * 2] ?? 0;
      const y = this.table[slot * 2 + 1] ?? 0;
      if (x === 0 && y === 0) {
        this.table[slot * 2] = a;
        this.table[slot * 2 + 1] = b;
        this.count++;
        return true;
      }
      if (x === a && y === b) return false;
    }
  }

  private grow(): void {
    const old = this.table;
    this.capacity = Math.ceil(this.capacity * 1.5);
    this.table = new Uint32Array(this.capacity * 2);
    this.count = 0;
    for (let i = 0; i < old.length; i += 2) {
      const a = old[i] ?? 0;
      const b = old[i + 1] ?? 0;
      if (a !== 0 || b !== 0) this.insert(a, b);
    }
  }
}

/** Linear probing stays quick up to here; above it, the table grows. */
const MAX_LOAD = 0.8;

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
