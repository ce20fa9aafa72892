import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SendMessageJob, SentMessageJob } from './jobs/send-message.job';
import { OutreachSend } from './outreach-send.entity';
import type { TransportReceipt } from './transports/channel-transport';

/** A queued row older than this has missed its job (Redis was down, or the process stopped after commit). */
export const QUEUED_GRACE_SECONDS = 30;
/** A queued row this old is given up: a message days late is worse than none. */
const QUEUED_EXPIRY_HOURS = 24;
/** A send claimed this long ago and not finished belongs to a worker that stopped mid-send. */
const SENDING_STALE_MINUTES = 10;

/** A sent row, locked, as recording its timeline event needs it. */
export interface SentRow {
  idempotency_key: string;
  status: OutreachSend['status'];
  event_id: string | null;
  payload: SentMessageJob;
}

/**
 * The one owner of the send ledger (`people.outreach_sends`): every read and write of a row goes through
 * here. A row's life: `record` (queued, in the request's transaction) → `claim` (sending; exactly one
 * caller wins) → `markSent` (sent, with the receipt) → `linkEvent` (its timeline event), or `release`
 * (back to queued, or failed on the last attempt) / `fail`; `sweep` expires, gives up on stale claims and
 * lists the queued rows whose job must be enqueued again.
 */
@Injectable()
export class SendLedger {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes a queued row with its job in the caller's transaction. False when the key was recorded before. */
  async record(manager: EntityManager, job: SendMessageJob): Promise<boolean> {
    return (await this.recordMany(manager, [job])).has(job.idempotency_key);
  }

  /**
   * `record` of several sends in one statement (a batch of first contacts, ADR 0032), in key order (two batches
   * sharing keys cannot deadlock): the keys written now.
   */
  async recordMany(manager: EntityManager, jobs: readonly SendMessageJob[]): Promise<Set<string>> {
    const unique = inKeyOrder(jobs);
    if (unique.length === 0) return new Set();
    const rows: { idempotency_key: string }[] = await manager.query(
      `INSERT INTO "people"."outreach_sends" ("idempotency_key", "practice_id", "person_id", "channel", "status", "payload")
       SELECT r."key", r."practice_id", r."person_id", r."channel", 'queued', r."payload"
         FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[]) WITH ORDINALITY
           AS r("key", "practice_id", "person_id", "channel", "payload", "n")
        ORDER BY r."n"
       ON CONFLICT ("idempotency_key") DO NOTHING RETURNING "idempotency_key"`,
      rowsOf(unique),
    );
    return new Set(rows.map((row) => row.idempotency_key));
  }

  /** Takes the key: a new row, or a 'queued' one written by the request. Exactly one concurrent caller wins. */
  async claim(job: SendMessageJob): Promise<boolean> {
    return (await this.claimMany([job])).has(job.idempotency_key);
  }

  /**
   * `claim` of several keys in one statement (a batch of sends, ADR 0032): the keys taken, each exactly as
   * `claim` takes one (a new row, or a 'queued' one). Rows are written in key order, so two batches sharing
   * keys cannot deadlock; a key given twice is taken once.
   */
  async claimMany(jobs: readonly SendMessageJob[]): Promise<Set<string>> {
    const unique = inKeyOrder(jobs);
    if (unique.length === 0) return new Set();
    const rows: { idempotency_key: string }[] = await this.dataSource.query(
      `INSERT INTO "people"."outreach_sends"
         ("idempotency_key", "practice_id", "person_id", "channel", "status", "payload", "claimed_at", "attempts")
       SELECT r."key", r."practice_id", r."person_id", r."channel", 'sending', r."payload", now(), 1
         FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[]) WITH ORDINALITY
           AS r("key", "practice_id", "person_id", "channel", "payload", "n")
        ORDER BY r."n"
       ON CONFLICT ("idempotency_key") DO UPDATE
         SET "status" = 'sending', "claimed_at" = now(), "attempts" = "outreach_sends"."attempts" + 1
         WHERE "outreach_sends"."status" = 'queued'
       RETURNING "idempotency_key"`,
      rowsOf(unique),
    );
    return new Set(rows.map((row) => row.idempotency_key));
  }

  find(idempotencyKey: string): Promise<OutreachSend | null> {
    return this.dataSource.getRepository(OutreachSend).findOneBy({ idempotency_key: idempotencyKey });
  }

  /** The transport accepted it: sent, with its receipt and address, at once and in its own statement. */
  async markSent(idempotencyKey: string, receipt: TransportReceipt, to: string): Promise<void> {
    await this.markSentMany([{ idempotency_key: idempotencyKey, receipt, to }]);
  }

  /** `markSent` of several sends in one statement. */
  async markSentMany(
    sent: readonly { idempotency_key: string; receipt: TransportReceipt; to: string }[],
  ): Promise<void> {
    if (sent.length === 0) return;
    await this.dataSource.query(
      `UPDATE "people"."outreach_sends" AS s SET "status" = 'sent', "sent_at" = now(), "error" = NULL,
         "provider_id" = r."provider_id",
         "payload" = s."payload" || jsonb_build_object('receipt', r."receipt", 'to', r."to")
       FROM unnest($1::text[], $2::jsonb[], $3::text[], $4::text[]) AS r("key", "receipt", "to", "provider_id")
       WHERE s."idempotency_key" = r."key"`,
      [
        sent.map((s) => s.idempotency_key),
        sent.map((s) => JSON.stringify(s.receipt)),
        sent.map((s) => s.to),
        sent.map((s) => (s.receipt.mock_execution ? null : s.receipt.provider_id)),
      ],
    );
  }

  /** The sent row of a provider's message id (Twilio's CallSid), with its timeline event; null when none. */
  async byProviderId(manager: EntityManager, providerId: string): Promise<OutreachSend | null> {
    return manager.getRepository(OutreachSend).findOneBy({ provider_id: providerId });
  }

  /**
   * The sent row of a provider's message id (Twilio's MessageSid), locked for the caller's transaction, or null.
   * Recording its timeline event holds the same lock, so a status read here either finds the event linked or
   * is kept on the row for the event to start at (`keepReportedStatus`).
   */
  async lockByProviderId(manager: EntityManager, providerId: string): Promise<SentRow | null> {
    const rows: SentRow[] = await manager.query(
      `SELECT "idempotency_key", "status", "event_id", "payload" FROM "people"."outreach_sends"
       WHERE "provider_id" = $1 FOR UPDATE`,
      [providerId],
    );
    return rows[0] ?? null;
  }

  /** A delivery status reported before the row's timeline event was written: the event is written with it. */
  async keepReportedStatus(
    manager: EntityManager,
    idempotencyKey: string,
    reported: NonNullable<SentMessageJob['reported']>,
  ): Promise<void> {
    await manager.query(
      `UPDATE "people"."outreach_sends" SET "payload" = "payload" || jsonb_build_object('reported', $2::jsonb)
       WHERE "idempotency_key" = $1`,
      [idempotencyKey, JSON.stringify(reported)],
    );
  }

  /**
   * The transport is sure nothing went out: the key goes back to 'queued' for the next attempt, or to
   * 'failed' after the last one.
   */
  async release(idempotencyKey: string, reason: string, lastAttempt: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE "people"."outreach_sends" SET "status" = $2, "error" = $3 WHERE "idempotency_key" = $1`,
      [idempotencyKey, lastAttempt ? 'failed' : 'queued', reason],
    );
  }

  /** Gives the send up (no lead, no address, opted out ...), with why. */
  async fail(
    idempotencyKey: string,
    reason: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE "people"."outreach_sends" SET "status" = 'failed', "error" = $2 WHERE "idempotency_key" = $1`,
      [idempotencyKey, reason],
    );
  }

  /** The row, locked for the caller's transaction, when it is sent and its event not yet recorded. */
  async lockSentWithoutEvent(manager: EntityManager, idempotencyKey: string): Promise<SentRow | null> {
    return (await this.lockSentWithoutEventMany(manager, [idempotencyKey]))[0] ?? null;
  }

  /**
   * `lockSentWithoutEvent` of several keys in one statement, locked in key order (two batches cannot deadlock):
   * the rows sent whose event is not yet recorded.
   */
  async lockSentWithoutEventMany(
    manager: EntityManager,
    idempotencyKeys: readonly string[],
  ): Promise<SentRow[]> {
    if (idempotencyKeys.length === 0) return [];
    const rows: SentRow[] = await manager.query(
      `SELECT "idempotency_key", "status", "event_id", "payload" FROM "people"."outreach_sends"
       WHERE "idempotency_key" = ANY($1::text[]) ORDER BY "idempotency_key" FOR UPDATE`,
      [[...new Set(idempotencyKeys)]],
    );
    return rows.filter((row) => row.status === 'sent' && !row.event_id);
  }

  /** Links the sent row to its timeline event (in the transaction that wrote the event). */
  async linkEvent(manager: EntityManager, idempotencyKey: string, eventId: string): Promise<void> {
    await this.linkEvents(manager, [{ idempotency_key: idempotencyKey, event_id: eventId }]);
  }

  /** `linkEvent` of several sent rows in one statement. */
  async linkEvents(
    manager: EntityManager,
    links: readonly { idempotency_key: string; event_id: string }[],
  ): Promise<void> {
    if (links.length === 0) return;
    await manager.query(
      `UPDATE "people"."outreach_sends" AS s SET "event_id" = r."event_id"
       FROM unnest($1::text[], $2::uuid[]) AS r("key", "event_id") WHERE s."idempotency_key" = r."key"`,
      [links.map((l) => l.idempotency_key), links.map((l) => l.event_id)],
    );
  }

  /**
   * One pass of the safety net: queued rows older than a day are failed, 'sending' rows whose worker
   * stopped mid-send are failed with 'outcome unknown' (never sent again: at most once beats twice), and
   * the jobs of queued rows older than `graceSeconds` are returned to be enqueued again (oldest first).
   */
  async sweep(graceSeconds = QUEUED_GRACE_SECONDS): Promise<SendMessageJob[]> {
    await this.dataSource.query(
      `UPDATE "people"."outreach_sends" SET "status" = 'failed', "error" = 'Not sent within ${QUEUED_EXPIRY_HOURS} hours'
       WHERE "status" = 'queued' AND "created_at" < now() - interval '${QUEUED_EXPIRY_HOURS} hours'`,
    );
    await this.dataSource.query(
      `UPDATE "people"."outreach_sends"
         SET "status" = 'failed', "error" = 'Outcome unknown: the worker stopped while sending; not retried to avoid a duplicate'
       WHERE "status" = 'sending' AND "claimed_at" < now() - interval '${SENDING_STALE_MINUTES} minutes'`,
    );
    const rows: { payload: SendMessageJob }[] = await this.dataSource.query(
      `SELECT "payload" FROM "people"."outreach_sends"
       WHERE "status" = 'queued' AND "created_at" < now() - make_interval(secs => $1)
       ORDER BY "created_at" LIMIT 500`,
      [graceSeconds],
    );
    return rows.map((row) => row.payload);
  }
}

/** The sends, each key once, in key order (the order rows are written and locked in). */
function inKeyOrder(jobs: readonly SendMessageJob[]): SendMessageJob[] {
  return [...new Map(jobs.map((job) => [job.idempotency_key, job])).values()].sort((a, b) =>
    a.idempotency_key < b.idempotency_key ? -1 : a.idempotency_key > b.idempotency_key ? 1 : 0,
  );
}

/** The columns of the sends' ledger rows, as arrays for `unnest`. */
function rowsOf(jobs: readonly SendMessageJob[]): unknown[] {
  return [
    jobs.map((job) => job.idempotency_key),
    jobs.map((job) => job.practice_id),
    jobs.map((job) => job.person_id),
    jobs.map((job) => job.channel),
    jobs.map((job) => JSON.stringify(job)),
  ];
}

/**
 * The Message-IDs of the e-mail a lead already got for real (not the sandbox's), newest first, at most 10: the
 * e-mail transport threads a new message onto them (services/people/src/email/email.transport.ts).
 */
export async function earlierEmailMessageIds(
  dataSource: DataSource,
  message: { practice_id: string; person_id: string; idempotency_key: string },
): Promise<string[]> {
  const rows: { message_id: string | null }[] = await dataSource.query(
    `SELECT "payload"->'receipt'->>'provider_id' AS "message_id" FROM "people"."outreach_sends"
     WHERE "person_id" = $1 AND "practice_id" = $2 AND "channel" = 'email' AND "status" = 'sent'
       AND "idempotency_key" <> $3 AND ("payload"->'receipt'->>'mock_execution')::boolean IS FALSE
     ORDER BY "sent_at" DESC LIMIT 10`,
    [message.person_id, message.practice_id, message.idempotency_key],
  );
  return rows.map((row) => row.message_id).filter((id): id is string => !!id);
}

/**
 * The lead an e-mail the product sent to in this practice under one of these Message-IDs (a reply's
 * In-Reply-To/References), the latest such send first; null when none.
 */
export async function leadOfSentEmail(
  manager: EntityManager,
  practiceId: string,
  messageIds: string[],
): Promise<string | null> {
  if (messageIds.length === 0) return null;
  const [sent]: { person_id: string }[] = await manager.query(
    `SELECT "person_id" FROM "people"."outreach_sends"
     WHERE "practice_id" = $1 AND "channel" = 'email' AND "provider_id" = ANY($2::text[])
     ORDER BY "sent_at" DESC NULLS LAST LIMIT 1`,
    [practiceId, messageIds],
  );
  return sent?.person_id ?? null;
}
