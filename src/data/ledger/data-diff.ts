import { compareText } from '../../model/canonical.js';
import { DELETE_HASH } from '../validate/content-hash.js';
import type { RecordSink } from '../validate/pass-tally.js';
import type { RecordKinds } from '../validate/record-kinds.js';
import { ROW, type LedgerTable } from './ledger-codec.js';
import { RecordsDigest } from './records-digest.js';

/** A declared record that differs from what was last pushed: where it is, and what the ledger will hold of it once pushed. */
export interface DiffRecord {
  file: string;
  line: number;
  keyA: number;
  keyB: number;
  contentA: number;
  contentB: number;
  /** The content type's name ('' for a delete line, or when the pass could not tell). */
  type: string;
  language: string;
}

/** Per content type and language: how many items are added, changed and deleted. */
export interface DiffCount {
  type: string;
  language: string;
  add: number;
  change: number;
  delete: number;
}

/** The declared items against the ledger of what graphform last pushed from them. */
export interface DataDiffOutcome {
  /** Records read from the data files. */
  declared: number;
  /** Not in the ledger. */
  added: DiffRecord[];
  /** In the ledger with another content. */
  changed: DiffRecord[];
  /** Delete lines of the data files that the ledger does not record as sent. */
  deleteLines: DiffRecord[];
  /** Rows of ledger entries no data file declares any more: apply deletes those items. */
  removed: number[];
  /** Rows of ledger entries declared again as they were: the next ledger keeps them. */
  unchanged: number[];
  counts: DiffCount[];
  /** An order-independent fingerprint of the declared records: apply refuses a plan made from other files. */
  digest: string;
}

const SAME = 2;
const OTHER = 1;

/**
 * Collects the comparison while the validation pass reads the data files: each record is
 * looked up by its key's 64-bit hash among the ledger's rows (binary search), so the pass
 * keeps no item, only what differs.
 */
export class DataDiff implements RecordSink {
  /** Per ledger row: 0 not declared any more, OTHER declared with another content, SAME declared as it was. */
  private readonly seen: Uint8Array;
  private readonly added: DiffRecord[] = [];
  private readonly changed: DiffRecord[] = [];
  private readonly deleteLines: DiffRecord[] = [];
  private readonly counts = new Map<string, DiffCount>();
  private readonly digest = new RecordsDigest();

  constructor(
    readonly kinds: RecordKinds,
    private readonly ledger: LedgerTable,
  ) {
    this.seen = new Uint8Array(ledger.count);
  }

  record(keyA: number, keyB: number, contentA: number, contentB: number, type: number, language: number, file: string, line: number): void {
    this.digest.add(keyA, keyB, contentA, contentB);
    const at = this.find(keyA, keyB);
    const rows = this.ledger.rows;
    if (at >= 0 && rows[at * ROW + 2] === contentA) {
      this.seen[at] = SAME;
      return;
    }
    if (at >= 0) this.seen[at] = OTHER;
    const record: DiffRecord = {
      file,
      line,
      keyA,
      keyB,
      contentA,
      contentB,
      type: this.kinds.types[type - 1] ?? '',
      language: this.kinds.languages[language - 1] ?? '',
    };
    if (contentA === DELETE_HASH[0] && contentB === DELETE_HASH[1]) {
      this.deleteLines.push(record);
      this.count(at >= 0 ? this.ledger.entry(at).type : '', record.language, 'delete');
    } else if (at >= 0) {
      this.changed.push(record);
      this.count(record.type, record.language, 'change');
    } else {
      this.added.push(record);
      this.count(record.type, record.language, 'add');
    }
  }

  outcome(): DataDiffOutcome {
    const removed: number[] = [];
    const unchanged: number[] = [];
    const rows = this.ledger.rows;
    for (let i = 0; i < this.ledger.count; i++) {
      if (this.seen[i] === SAME) unchanged.push(i);
      // A delete line's entry no file holds any more: what it asked is done, nothing to delete again.
      else if (this.seen[i] === 0 && !(rows[i * ROW + 2] === DELETE_HASH[0] && this.ledger.entry(i).type === '')) {
        removed.push(i);
        const entry = this.ledger.entry(i);
        this.count(entry.type, entry.language, 'delete');
      }
    }
    const counts = [...this.counts.values()].sort((a, b) => (a.type === b.type ? compareText(a.language, b.language) : compareText(a.type, b.type)));
    return {
      declared: this.digest.declared,
      added: this.added,
      changed: this.changed,
      deleteLines: this.deleteLines,
      removed,
      unchanged,
      counts,
      digest: this.digest.text(),
    };
  }

  /** The row holding key (a, b), or -1. */
  private find(a: number, b: number): number {
    const rows = this.ledger.rows;
    let low = 0;
    let high = this.ledger.count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const x = rows[mid * ROW] as number;
      const y = rows[mid * ROW + 1] as number;
      if (x === a && y === b) return mid;
      if (x < a || (x === a && y < b)) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  private count(type: string, language: string, kind: 'add' | 'change' | 'delete'): void {
    const key = `${type}\n${language}`;
    const count = this.counts.get(key) ?? { type, language, add: 0, change: 0, delete: 0 };
    count[kind]++;
    this.counts.set(key, count);
  }
}
