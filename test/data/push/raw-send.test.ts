import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushData } from '../../../src/data/push/push-data.js';
import { DATA_CONFIG, product, shopDeclaration, tempDir, wireLines, type TempDir } from '../fixtures.js';
import { RecordingClient } from '../recording-client.js';

let tmp: TempDir;
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => tmp.remove());

const base = { declaration: shopDeclaration(), config: { ...DATA_CONFIG, batchMaxItems: 3, concurrency: 2 }, skipInvalid: false, maxErrors: 50, dryRun: false };
const items = (from: number, to: number): Record<string, unknown>[] =>
  Array.from({ length: to - from }, (_, i) => product(`p${from + i}`, i % 2 === 0 ? 'en' : 'sv'));
const DELETE = '{"delete":{"_id":"gone","language_routing":"sv"}}\n';

async function sent(name: string, content: string): Promise<string> {
  await tmp.write(name, content);
  const client = new RecordingClient();
  const summary = await pushData({ ...base, client, files: [name], cwd: tmp.dir });
  expect(summary.status).toBe('sent');
  // Batches go two at a time: put them back in file order by their first line.
  return client.bodies.sort((a, b) => content.indexOf(a.slice(0, a.indexOf('\n'))) - content.indexOf(b.slice(0, b.indexOf('\n')))).join('');
}

describe('what a push of wire-form NDJSON puts on the wire', () => {
  it('sends a minified file as it is, record by record, in the same bytes as before', async () => {
    const content = wireLines(items(0, 7)) + DELETE + wireLines(items(7, 11));
    expect(await sent('a.ndjson', content)).toBe(content);
  });

  it('leaves out empty lines and ends the last record with a newline', async () => {
    const content = wireLines(items(0, 4)) + DELETE + wireLines(items(4, 6));
    expect(await sent('b.ndjson', `\n${content.replace(DELETE, `\n\n${DELETE}\n`).slice(0, -1)}`)).toBe(content);
  });

  it('sends a data line that is not minified as it is written', async () => {
    const spaced = JSON.stringify(product('s1'), null, 1).replace(/\n/g, '');
    const content = `{"index":{"_id":"s1","language_routing":"en"}}\n${spaced}\n` + wireLines(items(0, 2));
    expect(await sent('c.ndjson', content)).toBe(content);
  });

  it.each([
    ['a numeric _id', '{"index":{"_id":7,"language_routing":"en"}}', '{"index":{"_id":"7","language_routing":"en"}}'],
    ['spaces in the action line', '{"index": {"_id": "7", "language_routing": "en"}}', '{"index":{"_id":"7","language_routing":"en"}}'],
    ['keys in another order', '{"index":{"language_routing":"en","_id":"7"}}', '{"index":{"_id":"7","language_routing":"en"}}'],
  ])('writes the action line as graphform does when it has %s', async (_name, action, written) => {
    const data = JSON.stringify(product('7'));
    expect(await sent('d.ndjson', `${action}\n${data}\n`)).toBe(`${written}\n${data}\n`);
  });

  it('drops the carriage returns of CRLF line ends', async () => {
    const content = wireLines(items(0, 3));
    expect(await sent('e.ndjson', content.replace(/\n/g, '\r\n'))).toBe(content);
  });
});
