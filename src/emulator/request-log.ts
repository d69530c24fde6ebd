import type { RequestLogEntry } from './types.js';

const MAX_ENTRIES = 10_000;

/** The graph requests the emulator saw: method, path, status and a short note; never a header. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  constructor(private readonly onEntry: ((entry: RequestLogEntry) => void) | undefined) {}

  add(entry: Omit<RequestLogEntry, 'seq'>): void {
    const full: RequestLogEntry = { seq: ++this.seq, ...entry };
    this.entries.push(full);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    this.onEntry?.(full);
  }

  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
