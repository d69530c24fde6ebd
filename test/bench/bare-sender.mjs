// The data benchmark's reference: a bare node:http client that sends a wire-form NDJSON
// file in the same batches as graphform (whole records, at most 4 MiB and 1,000 items each,
// 4 requests in flight, keep-alive, Basic auth), with no validation and no retries. With
// `parse`, it also runs JSON.parse on every line, the least a validating sender must do.
// Prints {seconds, items, batches, bytes} on stdout; the time excludes Node's start-up.
//
//   node test/bench/bare-sender.mjs URL FILE parse|raw
import { Buffer } from 'node:buffer';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, file, mode] = process.argv.slice(2);
const parse = mode === 'parse';
const MAX_BYTES = 4 * 1024 * 1024;
const MAX_ITEMS = 1000;
const CONCURRENCY = 4;

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const target = new URL('/api/content/v2/data?id=bnch', url);
const authorization = `Basic ${Buffer.from('bench:bench-secret').toString('base64')}`;
const post = (body) =>
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

const started = performance.now();
const inFlight = new Set();
let parts = [];
let size = 0;
let items = 0;
let batches = 0;
let bytes = 0;
const flush = async () => {
  if (parts.length === 0) return;
  const body = Buffer.concat(parts, size);
  batches++;
  bytes += body.length;
  parts = [];
  size = 0;
  while (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
  const task = post(body).finally(() => inFlight.delete(task));
  inFlight.add(task);
};
// A record is an action line and its data line, or a delete line alone.
let awaitingData = false;
let carry = Buffer.alloc(0);
for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
  const buffer = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
  let start = awaitingData ? buffer.indexOf(10) + 1 : 0;
  let recordStart = 0;
  for (let end = buffer.indexOf(10, start); end !== -1; end = buffer.indexOf(10, start)) {
    const isIndex = parse ? JSON.parse(buffer.toString('utf8', start, end)).index !== undefined : buffer[start + 2] === 0x69;
    start = end + 1;
    if (!awaitingData && isIndex) {
      awaitingData = true;
      continue;
    }
    awaitingData = false;
    const record = buffer.subarray(recordStart, start);
    recordStart = start;
    if (parts.length > 0 && (size + record.length > MAX_BYTES || parts.length >= MAX_ITEMS)) await flush();
    parts.push(record);
    size += record.length;
    items++;
  }
  carry = Buffer.from(buffer.subarray(recordStart));
}
await flush();
await Promise.all(inFlight);
agent.destroy();
process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - started) / 1000, items, batches, bytes })}\n`);
