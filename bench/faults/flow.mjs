// The fault suite's steady flow and its count. The flow is what a practice's website, its patients' phones and its
// staff send: tracking pageviews and website forms through the public tracking ingress, inbound SMS signed as Twilio
// signs them, and staff's SMS sends through the API (sent by the sandbox channel); the forms of the full_auto
// practice add the engine's automatic first messages. Each item is remembered with the moment it was accepted
// (202 or 200), and the count reads the databases: pageviews, leads, timeline events and the send ledger.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import twilio from 'twilio';

const FIRST = ['Maria', 'James', 'Ana', 'Priya', 'Lucas', 'Emily', 'Sofia', 'Daniel', 'Grace', 'Omar'];
const LAST = ['Garcia', 'Nguyen', 'Smith', 'Patel', 'Johnson', 'Lopez', 'Kim', 'Brown', 'Davis', 'Martin'];
const MESSAGES = [
  'Hi, how much is a tummy tuck? I had two kids and want to know about recovery time.',
  'Interested in breast augmentation, what are your prices and do you offer financing?',
  'Can I book a consultation for a rhinoplasty next week?',
  'Hola, quisiera información sobre la liposucción y el precio.',
  'Is the consultation free? I would like to talk about a breast lift.',
];
const SMS_TEXTS = [
  'Hi, do you have any openings for a consult this week?',
  'How much is lipo on the stomach?',
  'Can I get info on a breast lift please',
];
/**
 * The website script keeps what the ingress refused (a 5xx, no answer) and sends it again with backoff, for as long
 * as the page is open and on the next page load (tracker/src/queue.ts): two minutes here. Twilio does not retry an
 * inbound SMS webhook that failed; the suite gives it 20 s, a refused one is counted apart.
 */
const TRACKER_PATIENCE_MS = 120_000;
const SITE = 'https://www.lakeviewplasticsurgery.example';
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * @param {object} context
 * @param {string} context.url the gateway
 * @param {string} context.siteKey the practice's tracking site key
 * @param {string} context.practiceNumber the practice's SMS number (To)
 * @param {string} context.twilioAuthToken what the gateway verifies X-Twilio-Signature with
 * @param {string} context.publicBaseUrl the address Twilio signs for (PUBLIC_BASE_URL)
 * @param {() => Promise<string>} context.token a staff access token of the practice
 * @param {import('pg').Pool} context.db
 */
export function createFlow(context) {
  const run = randomBytes(3).toString('hex');
  let serial = 0;
  let phoneSerial = 0;

  /** Posts until accepted (as the tracking script and Twilio retry), at most `patienceMs`; the moment or null. */
  const postUntil = async (send, ok, patienceMs = 20_000) => {
    const until = Date.now() + patienceMs;
    while (Date.now() < until) {
      try {
        const response = await send();
        if (ok(response.status)) return Date.now();
      } catch {
        // refused connection or timeout: try again, as the sender would
      }
      await sleep(500);
    }
    return null;
  };

  /** One phase's traffic; `stop()` ends it and waits for what is in flight. */
  function start(label) {
    const items = { pageviews: [], forms: [], sms: [], staff: [] };
    const refused = { pageviews: 0, forms: 0, sms: 0, staff: 0 };
    let running = true;
    const inFlight = new Set();
    const track = (promise) => {
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise));
    };

    const trackingPost = (events) =>
      fetch(`${context.url}/api/v1/tracking/events`, {
        method: 'POST',
        // A visitor's browser: the ingress drops bots' pageviews (isbot), and node's fetch says it is one.
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
        body: JSON.stringify({ site_key: context.siteKey, events }),
        signal: AbortSignal.timeout(5000),
      });

    const pageviews = (count) => {
      const events = Array.from({ length: count }, () => ({
        event_id: randomUUID(),
        type: 'pageview',
        visitor_id: randomUUID(),
        session_id: randomUUID(),
        url: `${SITE}/procedures/${['tummy-tuck', 'rhinoplasty', 'facelift'][serial % 3]}`,
        title: 'Procedures',
        referrer: 'https://www.google.com/',
        occurred_at: new Date().toISOString(),
      }));
      track(
        postUntil(
          () => trackingPost(events),
          (s) => s === 202,
          TRACKER_PATIENCE_MS,
        ).then((at) => {
          for (const event of events)
            if (at) items.pageviews.push({ id: event.event_id, at });
            else refused.pageviews++;
        }),
      );
    };

    const form = () => {
      const i = serial++;
      const email = `faults-${run}-${i}@example.com`;
      const event = {
        event_id: randomUUID(),
        type: 'form',
        visitor_id: randomUUID(),
        session_id: randomUUID(),
        url: `${SITE}/contact`,
        title: 'Contact us',
        referrer: 'https://www.google.com/',
        occurred_at: new Date().toISOString(),
        fields: {
          name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
          email,
          phone: phone(),
          message: MESSAGES[i % MESSAGES.length],
        },
      };
      track(
        postUntil(
          () => trackingPost([event]),
          (s) => s === 202,
          TRACKER_PATIENCE_MS,
        ).then((at) => {
          if (at) items.forms.push({ id: email, at });
          else refused.forms++;
        }),
      );
    };

    const inboundSms = () => {
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const from = `+1${phone()}`;
      const form = {
        MessageSid: sid,
        SmsSid: sid,
        AccountSid: `AC${'0'.repeat(32)}`,
        From: from,
        To: context.practiceNumber,
        Body: SMS_TEXTS[phoneSerial % SMS_TEXTS.length],
      };
      const path = '/api/v1/channels/twilio/sms';
      const signature = twilio.getExpectedTwilioSignature(
        context.twilioAuthToken,
        `${context.publicBaseUrl}${path}`,
        form,
      );
      track(
        postUntil(
          () =>
            fetch(`${context.url}${path}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                'x-twilio-signature': signature,
              },
              body: new URLSearchParams(form).toString(),
              signal: AbortSignal.timeout(5000),
            }),
          (s) => s === 200,
        ).then((at) => {
          if (at) items.sms.push({ id: sid, at, from });
          else refused.sms++;
        }),
      );
    };

    /**
     * Staff texts a lead that wrote in by SMS earlier in this phase. Not retried: a request that failed may have
     * been accepted (the send is keyed by the request), so a failed one is counted apart, as a possible send.
     */
    const staffSend = () => {
      const lead = items.sms.find((item) => !item.texted && item.person_id);
      if (!lead) return;
      lead.texted = true;
      track(
        (async () => {
          try {
            const response = await fetch(`${context.url}/api/v1/people/${lead.person_id}/actions`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${await context.token()}`,
              },
              body: JSON.stringify({
                action: 'sms_sent',
                message: 'Thanks for writing in! When would suit you for a consultation?',
                control_mode: 'human',
              }),
              signal: AbortSignal.timeout(10_000),
            });
            if (response.ok) items.staff.push({ id: lead.person_id, at: Date.now() });
            else if (response.status < 500) refused.staff++;
            else refused.staff++;
          } catch {
            refused.staff++;
          }
        })(),
      );
    };

    const learnPeople = async () => {
      const waiting = items.sms.filter((item) => !item.person_id);
      if (!waiting.length) return;
      const { rows } = await context.db
        .query(
          `SELECT "person_id", "primary_phone" FROM "people"."persons" WHERE "primary_phone" = ANY($1::text[])`,
          [waiting.map((item) => item.from)],
        )
        .catch(() => ({ rows: [] }));
      const byPhone = new Map(rows.map((row) => [row.primary_phone, row.person_id]));
      for (const item of waiting) item.person_id = byPhone.get(item.from);
    };

    const loop = (async () => {
      for (let tick = 0; running; tick++) {
        pageviews(4);
        if (tick % 2 === 0) form();
        if (tick % 3 === 1) inboundSms();
        if (tick % 5 === 4) {
          await learnPeople();
          staffSend();
        }
        await sleep(1000);
      }
    })();

    return {
      label,
      items,
      refused,
      /** A burst on top of the flow (a consumer is then killed mid-batch). */
      burst() {
        pageviews(40);
        for (let i = 0; i < 8; i++) form();
      },
      async stop() {
        running = false;
        await loop;
        while (inFlight.size) await Promise.allSettled([...inFlight]);
      },
    };
  }

  /** +1 509 555 xxxx, then 360 and 564: no seeded lead's number (bench/speed-to-lead.mjs); a fresh database. */
  const phone = () => {
    const i = phoneSerial++;
    return `${['509', '360', '564'][Math.floor(i / 10_000) % 3]}555${String(i % 10_000).padStart(4, '0')}`;
  };

  return { start, count: (traffic, until) => count(context.db, traffic, until) };
}

/**
 * What became of a phase's items, read from the databases. `until` given, only the items accepted by then.
 * Each kind: in (accepted), out (stored), lost (accepted, not stored), duplicated (stored more than once).
 */
export async function count(db, traffic, until = Infinity) {
  const accepted = (kind) => traffic.items[kind].filter((item) => item.at <= until);
  const tally = (ids, rows) => {
    const seen = new Map(rows.map((row) => [row.id, Number(row.n)]));
    let out = 0;
    let duplicated = 0;
    for (const id of ids) {
      const n = seen.get(id) ?? 0;
      if (n > 0) out++;
      if (n > 1) duplicated += n - 1;
    }
    return { in: ids.length, out, lost: ids.length - out, duplicated };
  };
  const pageviewIds = accepted('pageviews').map((item) => item.id);
  const formIds = accepted('forms').map((item) => item.id);
  const smsIds = accepted('sms').map((item) => item.id);
  const [pageviews, leads, submissions, sms] = await Promise.all([
    db.query(
      `SELECT "tracking_event_id" AS id, count(*) AS n FROM "analytics"."pageviews"
        WHERE "tracking_event_id" = ANY($1::text[]) GROUP BY 1`,
      [pageviewIds],
    ),
    db.query(
      `SELECT "primary_email" AS id, count(*) AS n FROM "people"."persons"
        WHERE "primary_email" = ANY($1::text[]) GROUP BY 1`,
      [formIds],
    ),
    db.query(
      `SELECT "fields"->>'email' AS id, count(*) AS n FROM "people"."form_submissions"
        WHERE "fields"->>'email' = ANY($1::text[]) GROUP BY 1`,
      [formIds],
    ),
    db.query(
      `SELECT "event_metadata"->>'message_sid' AS id, count(*) AS n FROM "people"."events"
        WHERE "event_type" = 'sms_received' AND "event_metadata"->>'message_sid' = ANY($1::text[]) GROUP BY 1`,
      [smsIds],
    ),
  ]);
  const forms = tally(formIds, leads.rows);
  // A form kept twice is a duplicate too, even when both made the same lead.
  forms.duplicated += tally(formIds, submissions.rows).duplicated;
  const sent = await sends(db, traffic, accepted('staff'), formIds, smsIds);
  // Calendar's directory of the practice's leads, from people.lead-events (a consumer group of its own).
  const { rows: contacts } = await db.query(
    `SELECT "person_id" AS id, 1 AS n FROM "calendar"."lead_contacts" WHERE "person_id" = ANY($1::uuid[])`,
    [sent.personIds],
  );
  return {
    pageviews: tally(pageviewIds, pageviews.rows),
    forms,
    sms: tally(smsIds, sms.rows),
    ...sent,
    calendar: tally(sent.personIds, contacts),
  };
}

/**
 * Sends: staff's (one accepted request, one message) and the engine's automatic ones, by the send ledger's rows of
 * this phase's leads and the sent events on their timelines (each with the provider's id of the message).
 */
async function sends(db, traffic, staffAccepted, formIds, smsIds) {
  const { rows: people } = await db.query(
    `SELECT DISTINCT p."person_id" FROM "people"."persons" p
      WHERE p."primary_email" = ANY($1::text[])
         OR p."person_id" IN (SELECT e."person_id" FROM "people"."events" e
                               WHERE e."event_type" = 'sms_received'
                                 AND e."event_metadata"->>'message_sid' = ANY($2::text[]))`,
    [formIds, smsIds],
  );
  const personIds = people.map((row) => row.person_id);
  const { rows: ledger } = await db.query(
    `SELECT s."idempotency_key" AS key, s."person_id", s."status", s."provider_id",
            (SELECT count(*) FROM "people"."events" e
              WHERE e."person_id" = s."person_id" AND e."event_type" IN ('sms_sent', 'email_sent', 'phone_call_sent')
                AND e."event_metadata"->>'idempotency_key' = s."idempotency_key")::int AS events,
            (SELECT count(DISTINCT coalesce(e."content_data"->>'provider_message_id', e."content_data"->>'call_sid'))
               FROM "people"."events" e
              WHERE e."person_id" = s."person_id" AND e."event_type" IN ('sms_sent', 'email_sent', 'phone_call_sent')
                AND e."event_metadata"->>'idempotency_key' = s."idempotency_key")::int AS providers
       FROM "people"."outreach_sends" s WHERE s."person_id" = ANY($1::uuid[])`,
    [personIds],
  );
  const staffRows = ledger.filter((row) => row.key.startsWith('action:'));
  const automaticRows = ledger.filter((row) => !row.key.startsWith('action:'));
  // The provider's id of a sandbox message is on its timeline event (the ledger keeps Twilio's, for callbacks).
  const sentOnce = (row) => row.status === 'sent' && row.events >= 1;
  const duplicates = (rows) => rows.reduce((n, row) => n + Math.max(0, row.events - 1, row.providers - 1), 0);
  // Staff: each accepted request is one message; a request that failed may have been accepted too.
  const staffOut = staffRows.filter(sentOnce).length;
  const staffIn = staffAccepted.length;
  const staffMaybe = traffic.refused.staff;
  return {
    staff: {
      in: staffIn,
      out: Math.min(staffOut, staffIn),
      lost: Math.max(0, staffIn - staffOut),
      duplicated: duplicates(staffRows) + Math.max(0, staffRows.length - staffIn - staffMaybe),
    },
    automatic: {
      in: automaticRows.length,
      out: automaticRows.filter(sentOnce).length,
      lost: automaticRows.filter((row) => !sentOnce(row)).length,
      duplicated: duplicates(automaticRows),
      stuck: ledger.filter((row) => row.status === 'queued' || row.status === 'sending').length,
      failed: ledger.filter((row) => row.status === 'failed').length,
    },
    personIds,
  };
}
