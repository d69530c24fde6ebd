import { createReadStream } from 'node:fs';
import http from 'node:http';
import { DEFAULT_DATA } from '../../src/config/defaults.js';
import { createGraphClient } from '../../src/graph/client.js';
import { BENCH_SOURCE } from './bench-source.js';
import { measured, storedItems, type RunResult } from './measure.js';

export interface BareRunArgs {
  url: string;
  credentials: { appKey: string; secret: string };
  file: string;
}

/**
 * The baseline: the same file cut into the same batches (pairs of lines, same byte and item
 * limits, same concurrency), POSTed with node:http and Basic auth. No parsing, no
 * validation, no retries: what the server can absorb from this machine.
 */
export async function run(args: BareRunArgs): Promise<RunResult> {
  await createGraphClient({ baseUrl: args.url, auth: { scheme: 'basic', ...args.credentials } }).putTypes(BENCH_SOURCE.id, BENCH_SOURCE.definition);
  const agent = new http.Agent({ keepAlive: true, maxSockets: DEFAULT_DATA.concurrency });
  const authorization = `Basic ${Buffer.from(`${args.credentials.appKey}:${args.credentials.secret}`).toString('base64')}`;
  const target = new URL(`/api/content/v2/data?id=${BENCH_SOURCE.id}`, args.url);
  const post = (body: Buffer): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        target,
        { method: 'POST', agent, headers: { authorization, 'content-type': 'text/plain', 'content-length': body.length } },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const { value, ...m } = await measured(async () => {
    const inFlight = new Set<Promise<void>>();
    let parts: Buffer[] = [];
    let size = 0;
    let pending: Buffer | undefined;
    let items = 0;
    let batches = 0;
    let bytes = 0;
    const flush = async (): Promise<void> => {
      if (parts.length === 0) return;
      const body = Buffer.concat(parts);
      batches++;
      bytes += body.length;
      parts = [];
      size = 0;
      while (inFlight.size >= DEFAULT_DATA.concurrency) await Promise.race(inFlight);
      const task = post(body).finally(() => inFlight.delete(task));
      inFlight.add(task);
    };
    const addPair = async (pair: Buffer): Promise<void> => {
      if (parts.length > 0 && (size + pair.length > DEFAULT_DATA.batchMaxBytes || parts.length >= DEFAULT_DATA.batchMaxItems)) await flush();
      parts.push(pair);
      size += pair.length;
      items++;
    };
    let carry = Buffer.alloc(0);
    for await (const chunk of createReadStream(args.file, { highWaterMark: 1024 * 1024 })) {
      const buffer = carry.length === 0 ? (chunk as Buffer) : Buffer.concat([carry, chunk as Buffer]);
      let start = 0;
      for (let end = buffer.indexOf(10, start); end !== -1; end = buffer.indexOf(10, start)) {
        const line = buffer.subarray(start, end + 1);
        start = end + 1;
        if (pending === undefined) pending = line;
        else {
          await addPair(Buffer.concat([pending, line]));
          pending = undefined;
        }
      }
      if (pending !== undefined) pending = Buffer.from(pending);
      carry = Buffer.from(buffer.subarray(start));
    }
    await flush();
    await Promise.all(inFlight);
    agent.destroy();
    return { items, batches, bytes };
  });
  return { name: 'bare node:http (Basic)', ...value, ...m, stored: await storedItems(args.url, BENCH_SOURCE.id), notes: 'no parsing, no validation' };
}
