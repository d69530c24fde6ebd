import { contentHashText } from '../validate/content-hash.js';

/**
 * The digest of a set of records (each its key and content hashes), whatever order they
 * come in: what a plan's check of the data files read, to be compared with what a later
 * read finds. A few numbers, however many records.
 */
export class RecordsDigest {
  private count = 0;
  private x = 0;
  private s = 0;

  add(keyA: number, keyB: number, contentA: number, contentB: number): void {
    this.count++;
    const mixed = Math.imul(keyA ^ contentB, 0x9e3779b1) ^ Math.imul(keyB ^ contentA, 0x85ebca77);
    this.x = (this.x ^ mixed) >>> 0;
    this.s = (this.s + (mixed >>> 0)) >>> 0;
  }

  /** How many records were added. */
  get declared(): number {
    return this.count;
  }

  text(): string {
    return `${this.count.toString(16)}-${contentHashText(this.x, this.s)}`;
  }
}
