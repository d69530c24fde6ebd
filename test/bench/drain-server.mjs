// A drain-only server for the data benchmark: reads every request body, discards it, and
// answers 200 with `{}`. It prints its URL on stdout and keeps running until stdin closes,
// so it dies with the benchmark. A target that costs nothing leaves the sender's own cost.
import http from 'node:http';

let requests = 0;
let bytes = 0;
const server = http.createServer((req, res) => {
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' });
    res.end('{}');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`http://127.0.0.1:${port}\n`);
});
// "count" on stdin answers with what was received since the last count.
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  if (!text.includes('count')) return;
  process.stdout.write(`${JSON.stringify({ requests, bytes })}\n`);
  requests = 0;
  bytes = 0;
});
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close();
});
