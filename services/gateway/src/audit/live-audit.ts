import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, Correlation, CORRELATION_HEADER } from '@pp/platform';
import type { IncomingMessage } from 'node:http';
import type { Authenticated } from '../auth/authenticator';
import { GatewayConfig } from '../config';
import { AuditRecord, cleanUserAgent } from './audit-entry';
import { uuidOrNull } from './audited-routes';
import { AuditWriter } from './audit-writer';
import { clientAddress, trustFunction } from './client-address';

/** The status of a live entry: the event was sent to the user's console (docs/decisions/0047-auditing-realtime-views.md). */
export const LIVE_PUSH_STATUS = 200;

/** The most leads one connection remembers; past it, the ones whose period is over are forgotten first. */
export const LIVE_REMEMBERED_MAX = 1_000;

/**
 * Which pushes of one live connection make an audit entry: the first event of each lead, then the first after each
 * period. Pure: the time is given.
 */
export class LiveViewLedger {
  /** When each lead's last entry was made, oldest first. */
  private readonly filed = new Map<string, number>();

  constructor(private readonly periodMs: number) {}

  /** Whether pushing an event of this lead at `now` needs an entry of its own. */
  due(leadId: string, now: number): boolean {
    const at = this.filed.get(leadId);
    return at === undefined || now - at >= this.periodMs;
  }

  /** An entry was made for this lead at `now`. */
  note(leadId: string, now: number): void {
    this.filed.delete(leadId);
    this.filed.set(leadId, now);
    if (this.filed.size <= LIVE_REMEMBERED_MAX) return;
    for (const [lead, at] of this.filed) if (now - at >= this.periodMs) this.filed.delete(lead);
    // Still too many within their period: the oldest are forgotten (their next push makes an entry again: more
    // entries, never fewer).
    for (const lead of this.filed.keys()) {
      if (this.filed.size <= LIVE_REMEMBERED_MAX) break;
      this.filed.delete(lead);
    }
  }

  get size(): number {
    return this.filed.size;
  }
}

/** One live connection's side of the audit log: who opened it, from where, in which practice. */
export class LiveViewer {
  private readonly ledger: LiveViewLedger;

  constructor(
    private readonly writer: AuditWriter,
    private readonly base: Omit<AuditRecord, 'occurred_at' | 'resource_id' | 'lead_id'>,
    periodMs: number,
    private readonly clock: () => number,
  ) {
    this.ledger = new LiveViewLedger(periodMs);
  }

  /**
   * Called before a lead's event is pushed to this connection: true when it may go — an entry is queued for it, or
   * one made in this period covers it; false when a new entry is due and the audit log cannot take it (the writer
   * refusing work): the event is then not pushed, as a patient request is then refused.
   */
  pushing(personId: string): boolean {
    const now = this.clock();
    if (!this.ledger.due(personId, now)) return true;
    if (!this.writer.accepting()) return false;
    const lead = uuidOrNull(personId);
    this.writer.add([{ ...this.base, occurred_at: new Date(now), resource_id: lead, lead_id: lead }]);
    this.ledger.note(personId, now);
    return true;
  }
}

/**
 * The audit log of the live connection (docs/decisions/0047-auditing-realtime-views.md): each connection a staff
 * user opens gets a LiveViewer, which files `live.lead_update` entries in the connection's practice, through the
 * same writer as every other entry.
 */
@Injectable()
export class LiveAudit {
  private readonly periodMs: number;
  private readonly trust: ReturnType<typeof trustFunction>;

  constructor(
    @Inject(CONFIG) config: GatewayConfig,
    private readonly writer: AuditWriter,
  ) {
    this.periodMs = config.AUDIT_LIVE_PERIOD_MINUTES * 60_000;
    this.trust = trustFunction(config.TRUST_PROXY);
  }

  /** The viewer of a connection accepted for `practiceId` (one the user belongs to), from its upgrade request. */
  open(
    auth: Authenticated,
    practiceId: string,
    request: IncomingMessage,
    clock: () => number = Date.now,
  ): LiveViewer {
    return new LiveViewer(
      this.writer,
      {
        practice_id: practiceId,
        user_id: auth.identity.userId,
        user_email: auth.email,
        action: 'live.lead_update',
        resource_type: 'lead',
        status: LIVE_PUSH_STATUS,
        client_ip: clientAddress(request, this.trust).slice(0, 64),
        user_agent: cleanUserAgent(request.headers['user-agent']),
        // One id per connection (the upgrade's, when it sent a valid one): its entries can be told apart.
        correlation_id: Correlation.from(request.headers[CORRELATION_HEADER]),
      },
      this.periodMs,
      clock,
    );
  }
}
