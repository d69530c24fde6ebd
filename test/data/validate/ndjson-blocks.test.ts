import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../src/data/read/read-data-file.js';
import { blockSetup, contextFor } from '../../../src/data/validate/block-context.js';
import { BlockLanes } from '../../../src/data/validate/block-lanes.js';
import type { BlockContext } from '../../../src/data/validate/check-block.js';
import { BlockPipeline, type FileVerdict } from '../../../src/data/validate/block-pipeline.js';
import { cutNdjsonBlocks } from '../../../src/data/validate/ndjson-blocks.js';
import type { ReadBytes } from '../../../src/data/read/line-blocks.js';
import { PassTally } from '../../../src/data/validate/pass-tally.js';
import { product, shopDeclaration, tempDir, wireLines } from '../fixtures.js';

const FIELDS = { idField: 'Id', languageField: 'language_routing' };
const declaration = shopDeclaration();
const MAX_LINE = 400;
const A = (id: string | number, language = 'en'): string => JSON.stringify({ index: { _id: id, language_routing: language } });
const P = (id: string, extra: Record<string, unknown> = {}): string => JSON.stringify(product(id, 'en', extra));

async function localContext(maxErrors: number): Promise<BlockContext> {
  return contextFor(blockSetup('shop', declaration.definition, FIELDS, maxErrors, MAX_LINE), declaration.definition);
}

function outcome(tally: PassTally): unknown {
  const { collector } = tally;
  return {
    items: tally.items,
    deletes: tally.deletes,
    invalid: tally.invalid,
    errors: collector.errors,
    warnings: collector.warnings,
    diagnostics: collector.diagnostics(),
    omitted: [collector.omittedErrors, collector.omittedWarnings],
    suspects: [...tally.suspects],
  };
}

/** The reference: the file read line by line, entry by entry. */
async function lineByLine(content: Buffer, maxErrors: number): Promise<unknown> {
  const tmp = await tempDir();
  try {
    const context = await localContext(maxErrors);
    const tally = new PassTally(maxErrors, []);
    const path = await tmp.write('f.ndjson', content.toString('latin1'));
    await import('node:fs/promises').then((fs) => fs.writeFile(path, content));
    for await (const chunk of readDataFile({ path, display: 'f.ndjson' }, FIELDS, undefined, { maxLineBytes: MAX_LINE }))
      for (const entry of chunk) tally.entry(entry, context.rules);
    return outcome(tally);
  } finally {
    await tmp.remove();
  }
}

/** A reader that brings at most `size` bytes a read, as a file may. */
function reader(content: Buffer, size: number): ReadBytes {
  let at = 0;
  return (target, offset, length) => {
    const chunk = content.subarray(at, at + Math.min(length, size));
    target.set(chunk, offset);
    at += chunk.length;
    return Promise.resolve(chunk.length);
  };
}

/** The same file as blocks, read at most `size` bytes at a time (every read a block boundary), into block memory of `blockBytes`. */
async function inBlocks(content: Buffer, size: number, maxErrors: number, blockBytes = 256): Promise<{ outcome: unknown; raw: boolean }> {
  const context = await localContext(maxErrors);
  const lanes = await BlockLanes.open(async () => context, blockSetup('shop', declaration.definition, FIELDS, maxErrors, MAX_LINE), 0, undefined);
  const tally = new PassTally(maxErrors, []);
  // Small memory blocks, reused: a block's bytes must not be needed once it is taken.
  const pipeline = new BlockPipeline(lanes, tally, context.rules, blockBytes);
  pipeline.startFile();
  const cut = await cutNdjsonBlocks(reader(content, size), {
    file: 'f.ndjson',
    fields: FIELDS,
    maxLineBytes: MAX_LINE,
    buffers: pipeline.buffers,
    readBytes: Math.max(1, Math.floor(blockBytes / 2)),
    results: pipeline.results,
    submit: (job) => pipeline.submit('f.ndjson', job),
  });
  let verdict: FileVerdict | undefined;
  pipeline.endFile(cut.tail, cut.wire, (v) => (verdict = v));
  await pipeline.drain();
  expect(verdict?.errors).toBe(tally.collector.errors);
  return { outcome: outcome(tally), raw: verdict?.asIs ?? false };
}

const lines = (...all: string[]): string => all.map((l) => `${l}\n`).join('');

// The last column: every line may go on the wire as it is (whether the file has errors is the pass's concern).
const CASES: [string, string | Buffer, boolean][] = [
  [
    'valid wire form with a delete',
    wireLines([product('1'), product('2', 'sv')]) + '{"delete":{"_id":"3","language_routing":"en"}}\n' + wireLines([product('4')]),
    true,
  ],
  ['empty lines between records', `\n${lines(A('1'), P('1'), '', '', A('2'), P('2'))}\n`, true],
  ['no newline at the end', `${A('1')}\n${P('1')}`, true],
  ['an empty file', '', false],
  ['an empty line between an action and its data', lines(A('1'), '', P('1')), false],
  ['whitespace lines', lines(A('1'), '   ', P('1'), '\t', A('2'), P('2')), false],
  ['a data line that is not minified (sent as written)', lines(A('1'), JSON.stringify(product('1'), null, 1).replace(/\n/g, ''), A('2'), P('2')), true],
  ['a numeric _id', lines(A(7), P('7')), false],
  ['action keys in another order', lines('{"index":{"language_routing":"en","_id":"1"}}', P('1')), false],
  ['CRLF line ends', `${A('1')}\r\n${P('1')}\r\n`, false],
  ['a byte-order mark', `\uFEFF${lines(A('1'), P('1'))}`, false],
  [
    'bad JSON, action-like bad JSON and bad actions',
    lines(
      A('1'),
      '{"Name": oops}',
      '{"index": {',
      P('2'),
      '{"index":{"language_routing":"en"}}',
      P('3'),
      '{"update":{"_id":"4"}}',
      P('4'),
      '{"delete":{"_id":"5"}}',
      A('6'),
      P('6'),
    ),
    false,
  ],
  ['stray data lines and a missing data line', lines(P('0'), A('1'), A('2'), P('2'), P('x'), A('3')), false],
  [
    'plain items',
    lines(
      '{"Id":"1","language_routing":"en","Name":"a","ContentType":["Item","Product"]}',
      '{"Id":"2","Name":"b"}',
      A('3'),
      '{"Id":"4","language_routing":"sv","ContentType":["Item","Service"],"Hours":"x"}',
    ),
    false,
  ],
  ['an undecided start', lines('not json', 'neither', A('1'), P('1')), false],
  ['an undecided start decided by plain items', lines('not json', '{"Id":"1","language_routing":"en","ContentType":["Item","Product"]}'), false],
  [
    'lines too long, first, middle and last',
    `${'x'.repeat(500)}\n${lines(A('1'), P('1'), A('2'), `{"Name":"${'y'.repeat(500)}"}`, A('3'), P('3'), A('4'))}${'z'.repeat(450)}`,
    false,
  ],
  ['an action waiting across a line too long', lines(A('1'), 'q'.repeat(401), A('2'), P('2')), false],
  [
    'invalid values and warnings',
    lines(A('1'), P('1', { Quantity: 'many', Extra: 1 }), A('2'), P('2', { _rbac: 5 }), A('3', 'fi'), P('3'), A('4'), P('4', { ContentType: ['Item'] })),
    true,
  ],
  ['duplicates', wireLines([product('1'), product('2'), product('1'), product('1', 'sv'), product('2')]), true],
  ['many errors', lines(...Array.from({ length: 40 }, (_, i) => [A(`${i}`), P(`${i}`, { Quantity: 'x', Undeclared: true })]).flat()), true],
];

describe('validating NDJSON in blocks', () => {
  it.each(CASES)('%s: the same summary as line by line, whatever the block boundaries', async (_name, text, raw) => {
    const content = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
    for (const maxErrors of [50, 3]) {
      const expected = await lineByLine(content, maxErrors);
      for (const size of [1, 2, 5, 17, 64, 301, content.length + 1]) {
        const got = await inBlocks(content, size, maxErrors);
        expect(got.outcome, `pieces of ${size}, maxErrors ${maxErrors}`).toEqual(expected);
        expect(got.raw, `pieces of ${size}`).toBe(raw);
      }
      // Blocks larger than a line too long: such a line is emptied inside its block.
      const large = await inBlocks(content, content.length + 1, maxErrors, 8192);
      expect(large.outcome, `one block, maxErrors ${maxErrors}`).toEqual(expected);
      expect(large.raw).toBe(raw);
    }
  });

  it.each([
    ['Latin-1 bytes in a data line', Buffer.concat([Buffer.from(`${A('1')}\n{"Name":"caf`), Buffer.from([0xe9]), Buffer.from(`"}\n${A('2')}\n${P('2')}\n`)])],
    ['a UTF-16 file', Buffer.from(`\uFEFF${A('1')}\n`, 'utf16le')],
    ['UTF-16 without a byte-order mark', Buffer.from(`${A('1')}\n${P('1')}\n`, 'utf16le')],
  ])('%s: the same problems as line by line', async (_name, content) => {
    const expected = await lineByLine(content, 50);
    // UTF-16 is recognised in the first piece read (1 MiB), as the line reader does.
    for (const size of [64, 65, content.length + 1]) expect((await inBlocks(content, size, 50)).outcome).toEqual(expected);
  });
});
