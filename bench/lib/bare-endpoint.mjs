// The ceiling of `npm run bench:ingest`: a bare node:http endpoint that reads the body, parses it as JSON and
// answers 202, and does nothing else (no checks, no Kafka, no database). Measured under the same load as the
// ingress and the naive endpoint, it is the most requests a second any Node endpoint could answer on the
// machine: how far a goal such as "10× the naive endpoint" is from what the hardware allows.
//
//   node bench/lib/bare-endpoint.mjs <port>   (started by bench/ingest.mjs; prints "listening")
import { createServer } from 'node:http';

const [port] = process.argv.slice(2);
const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let status = 202;
    let body;
    try {
      body = JSON.stringify({
        accepted: JSON.parse(Buffer.concat(chunks).toString('utf8')).events?.length ?? 0,
      });
    } catch {
      status = 400;
      body = JSON.stringify({ detail: 'not JSON' });
    }
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
