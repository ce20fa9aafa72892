// The naive baseline of `npm run bench:ingest`: a minimal HTTP endpoint that does what a first version of the
// tracking ingress would, one INSERT per event into PostgreSQL. Fair to it: the same Node, the same body limit
// and the same checks (the analytics service's own checkTrackingBatch, from its build), the site key looked up
// in the same table, a pg pool of the analytics service's size, keep-alive connections, answering 202 once every
// event of the request is committed. Each event is its own INSERT … ON CONFLICT DO NOTHING in autocommit (so
// one WAL flush per event, the cost the real ingress avoids by handing batches to Kafka).
//
//   node bench/lib/naive-ingest.mjs <port> <database url>   (started by bench/ingest.mjs; prints "listening")
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(ROOT, 'package.json'));
const { checkTrackingBatch } = require(join(ROOT, 'services/analytics/dist/tracking/tracking-rules.js'));
const MAX_BODY_BYTES = 64 * 1024;

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });

export const NAIVE_TABLE_SQL = `CREATE TABLE IF NOT EXISTS "bench_naive"."events" (
  "practice_id" uuid NOT NULL,
  "event_id" text NOT NULL,
  "type" text NOT NULL,
  "visitor_id" text NOT NULL,
  "session_id" text NOT NULL,
  "url" text NOT NULL,
  "title" text,
  "referrer" text,
  "occurred_at" timestamptz NOT NULL,
  "received_at" timestamptz NOT NULL,
  "pageview_id" text,
  "duration_seconds" integer,
  "user_agent" text,
  PRIMARY KEY ("practice_id", "event_id")
)`;

const answer = (response, status, body) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function handle(request, response) {
  if (request.method !== 'POST' || request.url !== '/api/v1/tracking/events') {
    return answer(response, 404, { detail: 'not found' });
  }
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return answer(response, 413, { detail: 'too large' });
    chunks.push(chunk);
  }
  let body;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return answer(response, 400, { detail: 'not JSON' });
  }
  const receivedAt = new Date();
  let batch;
  try {
    batch = checkTrackingBatch(body, receivedAt);
  } catch (error) {
    return answer(response, 422, { detail: error.message });
  }
  const practice = await pool.query(
    `SELECT "practice_id" FROM "analytics"."practices" WHERE "site_key" = $1`,
    [batch.site_key],
  );
  if (practice.rowCount === 0) return answer(response, 404, { detail: 'unknown site key' });
  const practiceId = practice.rows[0].practice_id;
  const userAgent = request.headers['user-agent'] ?? null;
  for (const event of batch.events) {
    await pool.query(
      `INSERT INTO "bench_naive"."events" ("practice_id", "event_id", "type", "visitor_id", "session_id", "url",
         "title", "referrer", "occurred_at", "received_at", "pageview_id", "duration_seconds", "user_agent")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
      [
        practiceId,
        event.event_id,
        event.type,
        event.visitor_id,
        event.session_id,
        event.url,
        event.title,
        event.referrer,
        event.occurred_at,
        receivedAt,
        event.pageview_id,
        event.duration_seconds,
        userAgent,
      ],
    );
  }
  return answer(response, 202, { accepted: batch.events.length });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "bench_naive"`);
  await pool.query(NAIVE_TABLE_SQL);
  const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) answer(response, 500, { detail: String(error.message ?? error) });
    });
  });
  server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
  process.on('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}
