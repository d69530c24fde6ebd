import type { ReadEntry } from '../types.js';
import { BlockBuffers } from '../read/line-blocks.js';
import type { BlockLanes, StartedBlock } from './block-lanes.js';
import { resultBytes, type BlockJob } from './check-block.js';
import type { RecordRulesContext } from './check-record.js';
import type { PassTally } from './pass-tally.js';

/** What a file's blocks said once all were taken. */
export interface FileVerdict {
  /** Every line may go on the wire as it is (see BlockResult.raw), and the file is in the wire form. */
  asIs: boolean;
  /** Errors found in the file, its end included. */
  errors: number;
}

type Queued =
  | { kind: 'start' }
  | { kind: 'block'; file: string; started: StartedBlock }
  | { kind: 'end'; tail: readonly ReadEntry[]; wire: boolean; done: (verdict: FileVerdict) => void };

/**
 * The validation pass's blocks in flight, across files: a file's blocks are handed out
 * while the blocks of the files before it are still being checked, and taken into the
 * tally strictly in reading order, each file's start and end marked in between. So a push
 * of many small files keeps every thread busy as one large file does. The memory blocks
 * are cut into comes from here, and comes back as each block is taken.
 */
export class BlockPipeline {
  private readonly queue: Queued[] = [];
  private seq = 0;
  private asIs = true;
  private errorsBefore = 0;
  /** Memory for blocks: those in flight, and a spare. */
  readonly buffers: BlockBuffers;
  /** Memory for the records' results: room for a block of up to 32,768 lines; a block of more gets its own. */
  readonly results: BlockBuffers;

  constructor(
    private readonly lanes: BlockLanes,
    private readonly tally: PassTally,
    private readonly rules: RecordRulesContext,
    blockBytes: number,
    /** Called as each block is taken (progress). */
    private readonly taken: () => void = () => undefined,
  ) {
    this.buffers = new BlockBuffers(blockBytes, lanes.ahead + 2);
    this.results = new BlockBuffers(resultBytes(32768), lanes.ahead + 2);
  }

  startFile(): void {
    this.queue.push({ kind: 'start' });
  }

  /** Hands a block of `file` over to be checked; waits while too many are in flight. */
  async submit(file: string, job: Omit<BlockJob, 'seq'>): Promise<void> {
    const started = await this.lanes.start({ ...job, seq: this.seq++ });
    // Taken (and its failure seen) in order later; until then a failure must not count as unhandled.
    started.result.catch(() => undefined);
    this.queue.push({ kind: 'block', file, started });
    while (this.queue.length > this.lanes.ahead) await this.takeOne();
  }

  /** The file is read: `tail` is what its end adds, `wire` whether it is in the wire form. */
  endFile(tail: readonly ReadEntry[], wire: boolean, done: (verdict: FileVerdict) => void): void {
    this.queue.push({ kind: 'end', tail, wire, done });
  }

  /** Takes everything still in flight, in order. */
  async drain(): Promise<void> {
    while (this.queue.length > 0) await this.takeOne();
  }

  private async takeOne(): Promise<void> {
    const next = this.queue.shift();
    if (next === undefined) return;
    switch (next.kind) {
      case 'start':
        this.asIs = true;
        this.errorsBefore = this.tally.collector.errors;
        return;
      case 'block': {
        // Needed now: checked here at once if its worker has not begun it, instead of waiting behind the worker's other blocks.
        const result = next.started.takeBack() ?? (await next.started.result);
        this.tally.block(result, next.file);
        this.buffers.give(result.bytes);
        this.results.give(new Uint8Array(result.hashes.buffer));
        this.asIs &&= result.raw;
        this.taken();
        return;
      }
      case 'end':
        for (const entry of next.tail) this.tally.entry(entry, this.rules);
        next.done({ asIs: this.asIs && next.wire, errors: this.tally.collector.errors - this.errorsBefore });
        return;
      default: {
        const never: never = next;
        throw new Error(`unhandled pipeline entry ${JSON.stringify(never)}`);
      }
    }
  }
}
