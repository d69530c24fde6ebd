/**
 * Remembers which (language, _id) keys a push has seen, in 16 bytes per key whatever the
 * ids' length: keys are kept as 64-bit hashes in one open-addressing table, so checking a
 * multi-gigabyte push for duplicates stays small. A hit means "probably seen"; callers
 * confirm hits against the real keys (validate-files does, in a second, targeted scan).
 */
export class IdHashSet {
  private table: Uint32Array;
  private mask: number;
  private count = 0;

  constructor(initialCapacity = 1024) {
    let capacity = 16;
    while (capacity < initialCapacity * 2) capacity *= 2;
    this.table = new Uint32Array(capacity * 2);
    this.mask = capacity - 1;
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
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    return this.insert(a, b);
  }

  has(hash: IdHash): boolean {
    const [a, b] = hash;
    for (let slot = b & this.mask; ; slot = (slot + 1) & this.mask) {
      const x = this.table[slot * 2] ?? 0;
      const y = this.table[slot * 2 + 1] ?? 0;
      if (x === 0 && y === 0) return false;
      if (x === a && y === b) return true;
    }
  }

  private insert(a: number, b: number): boolean {
    for (let slot = b & this.mask; ; slot = (slot + 1) & this.mask) {
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
    this.table = new Uint32Array(old.length * 2);
    this.mask = this.table.length / 2 - 1;
    this.count = 0;
    for (let i = 0; i < old.length; i += 2) {
      const a = old[i] ?? 0;
      const b = old[i + 1] ?? 0;
      if (a !== 0 || b !== 0) this.insert(a, b);
    }
  }
}

/** Two independent 32-bit hashes; (0, 0) is reserved for "empty". */
export type IdHash = readonly [number, number];

/** FNV-1a and a multiplicative variant over the UTF-16 units of `language \0 id`. */
export function idHash(language: string, id: string): IdHash {
  const key = `${language}\u0000${id}`;
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a >>>= 0;
  b = (b ^ (b >>> 13)) >>> 0;
  return a === 0 && b === 0 ? [1, 0] : [a, b];
}

export function idHashKey(hash: IdHash): string {
  return `${hash[0]}:${hash[1]}`;
}
