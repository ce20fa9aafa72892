// Creates the benchmark database, applies the people migrations and loads synthetic leads with
// INSERT … SELECT generate_series (one statement per 100,000 rows), then rebuilds the indexes and
// runs VACUUM ANALYZE. Everything is derived from the row number, so every load gives the same data.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { withClient } from './support.mjs';

const FIRST =
  `Sofia Hannah Priya Jessica Maria Olivia Aaliyah Emily Camila Mei Fatima Chloe Isabella Zoe Ava Leah Nadia
  Yuki Amara Gabriela Rachel Lauren Jasmine Ana Sarah Megan Natalie Elena Imani Kayla Daniela Ashley Aisha Linh
  Valentina Rebecca Noor Keisha Madison Grace Victoria Daniel Noah Mateo James Ethan Marcus Arjun Wei Omar Diego
  Liam Hiroshi Kwame Luis Benjamin Andre Samuel Javier Ryan Ahmed Carlos Nathan Minh Isaac Jamal Patrick Raj
  Kenji Owen Felipe Victor Elijah`.split(/\s+/);
const LAST =
  `Marquez Lindqvist Raman Okafor Kowalski Santos Tanaka Nguyen Patel Johnson Williams Garcia Kim Chen
  Rodriguez Hernandez Washington Nakamura Singh Adeyemi Rossi Haddad Goldberg Lopez Jackson Thompson Park Ramirez
  Martinez Anderson Cohen Murphy Diallo Fernandes Ivanova Brooks Castillo Yamamoto Mensah Sullivan Reyes Davis
  Wright Novak Ali Khan Foster Morales Bennett Choi Alvarez Coleman Petrov Hughes Tran Gupta Bailey Flores
  Okonkwo Larsen Delgado Sato Mitchell Ortiz Abdullah Price Vasquez Hoang Schmidt Torres Greene Das Silva
  Jenkins Romero Kaur Nowak Moreau Ward Islam Russo Baptiste Hayes Ferreira`.split(/\s+/);
const DOMAINS = ['mail.example', 'inbox.example', 'post.example', 'webmail.example', 'letterbox.example'];
const AREA_CODES = [
  '214',
  '469',
  '972',
  '945',
  '817',
  '312',
  '773',
  '872',
  '206',
  '425',
  '253',
  '512',
  '713',
];
const PROCEDURES = [
  'Botox',
  'Lip Filler',
  'Dermal Fillers',
  'CoolSculpting',
  'HydraFacial',
  'Chemical Peel',
  'Laser Hair Removal',
  'Microneedling',
  'Morpheus8',
  'Kybella',
];

const BATCH = 100_000;

/**
 * One batch of leads for a practice. Stages: ~17% Lead, 20% Attempting Contact, 15% Active Conversation,
 * 4% Escalated, 8% Scheduled, 8% Post Consultation, 6% No Show / Cancelled, 8% Booked Procedure, 14% Closed -
 * Lost. Pending review ~8%: every Escalated lead ('escalate') and ~8% of the in-flight ones ('approval').
 * created_at spreads evenly over two years (golden-ratio sequence, microsecond resolution).
 */
const INSERT_SQL = `
INSERT INTO "people"."persons" ("person_id", "practice_id", "first_name", "last_name", "primary_phone",
  "primary_email", "stage", "created_at", "updated_at", "last_activity_at", "is_unseen", "last_seen_at",
  "pending_review_type", "current_outreach_state", "next_scheduled_action", "enrichment_data", "behavioral_insights")
SELECT md5($1 || ':' || i)::uuid, $1::uuid, f, l,
       '+1' || ($6::text[])[1 + abs(h3) % cardinality($6::text[])] || lpad((abs(h1) % 10000000)::text, 7, '0'),
       lower(f) || '.' || lower(l) || i || '@' || ($5::text[])[1 + abs(h2) % cardinality($5::text[])],
       stage, created, activity, activity, abs(h3) % 100 < 15, CASE WHEN abs(h3) % 100 >= 15 THEN activity END,
       CASE WHEN stage = 'Escalated' THEN 'escalate'
            WHEN stage IN ('Lead', 'Attempting Contact', 'Active Conversation') AND abs(h1) % 100 < 8 THEN 'approval' END,
       jsonb_build_object('control_mode', CASE WHEN abs(h2) % 10 = 0 THEN 'human' ELSE 'ai' END,
         'ai_insights', jsonb_build_object('procedures_of_interest', jsonb_build_array(proc),
           'intent_classification', 'pricing_inquiry', 'urgency_level', 'medium',
           'inquiry_summary', f || ' is interested in ' || proc || ' and asked about price and downtime.')),
       CASE WHEN stage IN ('Lead', 'Attempting Contact', 'Active Conversation') AND abs(h2) % 4 <> 0
            THEN $8::timestamptz + ((abs(h1) % 4320) - 60) * interval '1 minute' END,
       CASE WHEN abs(h1) % 10 < 6 THEN jsonb_build_object('avatar', NULL, 'age', 22 + abs(h2) % 45,
         'location', 'Dallas, TX', 'title', 'Marketing Manager', 'organization', 'Trinity Health Partners',
         'linkedin', 'https://www.linkedin.com/in/' || lower(f) || '-' || lower(l) || '-' || i) END,
       CASE WHEN abs(h2) % 10 < 8 THEN jsonb_build_object(
         'lead_intelligence', jsonb_build_object('lead_score', abs(h1) % 100, 'conversion_probability',
           round((abs(h2) % 100) / 100.0, 2), 'procedure_interest',
           jsonb_build_array(jsonb_build_object('procedure_name', proc, 'interest_score', 0.8)),
           'budget_indicator', 'moderate', 'urgency_level', 'medium'),
         'conversation_analysis', jsonb_build_object('engagement_level', 'medium', 'engagement_score', abs(h3) % 100,
           'buying_signals', jsonb_build_array('asked about pricing'), 'conversation_stage', 'qualification'),
         'response_patterns', jsonb_build_object('communication_style', 'friendly',
           'preferred_contact_method', 'sms', 'preferred_contact_time', 'evening'),
         'calculated_metrics', jsonb_build_object('total_sessions', 1 + abs(h1) % 5, 'total_pages_viewed',
           1 + abs(h2) % 20, 'total_time_on_site', abs(h3) % 1800),
         'confidence_score', 0.8, 'last_analysis_at', activity) END
  FROM generate_series($2::int, $3::int) AS i,
  LATERAL (SELECT hashint4(i) AS h1, hashint4(i + 7919) AS h2, hashint4(i + 104729) AS h3) h,
  LATERAL (SELECT ($4::text[])[1 + abs(h1) % cardinality($4::text[])] AS f,
                  ($7::text[])[1 + abs(h2) % cardinality($7::text[])] AS l,
                  ($9::text[])[1 + abs(h3) % cardinality($9::text[])] AS proc,
                  $8::timestamptz - (730 * 86400 * ((i * 0.6180339887498949) - floor(i * 0.6180339887498949)))
                    * interval '1 second' AS created,
                  CASE WHEN abs(h2) % 1000 < 170 THEN 'Lead' WHEN abs(h2) % 1000 < 370 THEN 'Attempting Contact'
                       WHEN abs(h2) % 1000 < 520 THEN 'Active Conversation' WHEN abs(h2) % 1000 < 560 THEN 'Escalated'
                       WHEN abs(h2) % 1000 < 640 THEN 'Scheduled' WHEN abs(h2) % 1000 < 720 THEN 'Post Consultation'
                       WHEN abs(h2) % 1000 < 780 THEN 'No Show / Cancelled' WHEN abs(h2) % 1000 < 860 THEN 'Booked Procedure'
                       ELSE 'Closed - Lost' END AS stage) r,
  LATERAL (SELECT least($8::timestamptz, created + (abs(h3) % 43200) * interval '1 minute') AS activity) a`;

export { databaseOn as databaseUrl } from './support.mjs';

/** Whether the benchmark database exists and already holds the expected leads. */
export async function isLoaded(serverUrl, database, practices) {
  const exists = await withClient(
    databaseUrl(serverUrl, 'postgres'),
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount > 0,
  );
  if (!exists) return false;
  return withClient(databaseUrl(serverUrl, database), async (c) => {
    for (const { id, leads } of practices) {
      const { rows } = await c
        .query('SELECT count(*)::int AS n FROM "people"."persons" WHERE "practice_id" = $1', [id])
        .catch(() => ({ rows: [{ n: -1 }] }));
      if (rows[0].n !== leads) return false;
    }
    return true;
  });
}

export async function recreateDatabase(serverUrl, database) {
  await withClient(databaseUrl(serverUrl, 'postgres'), async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${database}"`);
  });
}

/** node services/people/dist/database/migrate.js against the benchmark database. */
export function migrate(root, url) {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [join(root, 'services/people/dist/database/migrate.js')], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // Migrations load the service's configuration, which requires the identity key: a throwaway one.
      env: {
        INTERNAL_IDENTITY_PUBLIC_KEY: generateKeyPairSync('ed25519')
          .publicKey.export({ format: 'der', type: 'spki' })
          .toString('base64'),
        ...process.env,
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
      },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`migrate.js exited with ${code}`)),
    );
  });
}

/**
 * Loads the leads with the secondary indexes dropped, then rebuilds them exactly as the migrations defined
 * them (read back from pg_indexes), as a bulk import would. Returns the phase timings in ms.
 */
export async function loadLeads(url, practices, now, log) {
  return withClient(url, async (c) => {
    const timings = {};
    let started = Date.now();
    const { rows: indexes } = await c.query(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'people' AND tablename = 'persons' AND indexname <> 'persons_pkey'`,
    );
    for (const { indexname } of indexes) await c.query(`DROP INDEX "people"."${indexname}"`);
    for (const { id, leads } of practices) {
      for (let from = 1; from <= leads; from += BATCH) {
        const to = Math.min(leads, from + BATCH - 1);
        await c.query(INSERT_SQL, [
          id,
          from,
          to,
          FIRST,
          DOMAINS,
          AREA_CODES,
          LAST,
          new Date(now),
          PROCEDURES,
        ]);
        log(`  ${id.slice(-4)}: ${to.toLocaleString('en-US')} / ${leads.toLocaleString('en-US')} leads`);
      }
    }
    timings.insert = Date.now() - started;
    started = Date.now();
    await c.query(`SET maintenance_work_mem = '512MB'`);
    await c.query(`SET max_parallel_maintenance_workers = 2`);
    for (const { indexname, indexdef } of indexes) {
      const t = Date.now();
      await c.query(indexdef);
      log(`  index ${indexname}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    timings.indexes = Date.now() - started;
    started = Date.now();
    await c.query('VACUUM ANALYZE "people"."persons"');
    timings.vacuum = Date.now() - started;
    const { rows } = await c.query(
      `SELECT pg_size_pretty(pg_total_relation_size('"people"."persons"')) AS total,
              pg_size_pretty(pg_relation_size('"people"."persons"')) AS heap`,
    );
    timings.size = rows[0];
    return timings;
  });
}
