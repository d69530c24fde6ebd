import type { GraphClient, PushResult } from '../../src/graph/types.js';

/**
 * An in-memory GraphClient for pipeline unit tests (the emulator-backed tests cover the
 * real HTTP path): records every body, measures how many pushes overlap, fails the
 * calls whose 1-based number is in `failOn`, and runs `onCall` as each call starts (a test
 * changes files there, at a known point of the send pass).
 */
export class RecordingClient implements GraphClient {
  readonly baseUrl = 'memory:';
  readonly bodies: string[] = [];
  readonly purges: { id: string; languages: string[] }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private calls = 0;

  constructor(private readonly options: { failOn?: number[]; delayMs?: number; onCall?: (call: number) => void } = {}) {}

  async pushData(_id: string, ndjson: string | Uint8Array): Promise<PushResult> {
    const call = ++this.calls;
    this.options.onCall?.(call);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, this.options.delayMs ?? 1));
      if (this.options.failOn?.includes(call) === true) throw new Error(`push ${call} refused`);
      this.bodies.push(typeof ndjson === 'string' ? ndjson : Buffer.from(ndjson).toString('utf8'));
      return {};
    } finally {
      this.inFlight--;
    }
  }

  async purgeData(id: string, languages: readonly string[]): Promise<void> {
    this.purges.push({ id, languages: [...languages] });
  }

  /** Every line of every body, in arrival order. */
  lines(): string[] {
    return this.bodies.flatMap((b) => b.split('\n').filter((l) => l !== ''));
  }

  putTypes(): Promise<void> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }

  postTypes(): Promise<void> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }

  getTypes(): ReturnType<GraphClient['getTypes']> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }

  listSources(): ReturnType<GraphClient['listSources']> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }

  getSource(): ReturnType<GraphClient['getSource']> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }

  updateSource(): Promise<void> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }

  deleteSource(): Promise<void> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }

  getCmsTypes(): ReturnType<GraphClient['getCmsTypes']> {
    return Promise.reject(new Error('not used by the data pipeline'));
  }
}
