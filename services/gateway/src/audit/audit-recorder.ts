import { Injectable, Logger } from '@nestjs/common';
import { CORRELATION_HEADER } from '@pp/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticated } from '../auth/authenticator';
import { AuditRecord, cleanUserAgent, filedIn } from './audit-entry';
import type { AuditTarget } from './audited-routes';
import { AuditWriter } from './audit-writer';

/** The status of a request whose user closed the connection before the answer (as nginx logs it). */
export const CLIENT_CLOSED = 499;

interface PendingEntry {
  target: Omit<AuditTarget, 'fromAnswer' | 'fromBody'>;
  auth: Authenticated;
  /** The practice the request named (its path or practice_id), for a request no service granted. */
  named: string | null;
  /** The practices the owning service granted (its `x-pp-practice`). */
  granted: string[];
  occurredAt: Date;
  /** Read when the request arrives: once it is answered, its socket may be gone. */
  clientIp: string;
  userAgent: string | null;
}

/**
 * The audit log's side of a request (docs/decisions/0041-audit-log.md): the proxy, or the gateway's own audit-log
 * routes, `begin` an entry for an authenticated request; the service's answer adds what it knows (the practice it
 * granted, the ids of what it created); once the answer is sent, the entry goes to the writer with the status the
 * user got — in every practice `filedIn` names.
 */
@Injectable()
export class AuditRecorder {
  private readonly logger = new Logger(AuditRecorder.name);
  private readonly entries = new WeakMap<FastifyRequest, PendingEntry>();

  constructor(private readonly writer: AuditWriter) {}

  /**
   * Files, on the whole gateway, each begun entry once its request is answered — or, when the user closed the
   * connection before the answer, with status 499 (the record may have been read or changed all the same).
   * Registered before any route.
   */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', (request, reply, done) => {
      this.file(request, reply.statusCode, reply.getHeader(CORRELATION_HEADER));
      done();
    });
    fastify.addHook('onRequestAbort', (request, done) => {
      this.file(request, CLIENT_CLOSED, undefined);
      done();
    });
  }

  /** Whether a patient request may go on: false while the writer cannot keep up (the request gets a 503). */
  accepting(): boolean {
    return this.writer.accepting();
  }

  begin(
    request: FastifyRequest,
    auth: Authenticated,
    target: Omit<AuditTarget, 'fromAnswer' | 'fromBody'>,
    named: string | null,
  ): void {
    this.entries.set(request, {
      target: {
        action: target.action,
        resource_type: target.resource_type,
        resource_id: target.resource_id,
        lead_id: target.lead_id,
      },
      auth,
      named,
      granted: [],
      occurredAt: new Date(),
      clientIp: request.ip,
      userAgent: cleanUserAgent(request.headers['user-agent']),
    });
  }

  /** The practices the service named in its answer (`x-pp-practice`). */
  granted(request: FastifyRequest, header: string | string[] | undefined): void {
    const entry = this.entries.get(request);
    const value = Array.isArray(header) ? header.join(',') : header;
    if (entry && value) entry.granted = value.split(',').map((id) => id.trim().toLowerCase());
  }

  /** What the answer told about the record (a lead or an appointment created or moved): fills what the path did not. */
  answered(request: FastifyRequest, ids: { resource_id: string | null; lead_id: string | null }): void {
    const entry = this.entries.get(request);
    if (!entry) return;
    entry.target.resource_id ??= ids.resource_id;
    entry.target.lead_id ??= ids.lead_id;
  }

  private file(request: FastifyRequest, status: number, correlation: unknown): void {
    const entry = this.entries.get(request);
    if (!entry) return;
    this.entries.delete(request);
    try {
      this.writer.add(this.records(request, entry, status, correlation));
    } catch (error) {
      this.logger.error(
        `audit log: the entry of a request (${entry.target.action}, status ${status}) could not be made: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private records(
    request: FastifyRequest,
    entry: PendingEntry,
    status: number,
    answeredCorrelation: unknown,
  ): AuditRecord[] {
    const { identity, email } = entry.auth;
    const correlation = answeredCorrelation ?? request.headers[CORRELATION_HEADER];
    return filedIn(identity.practiceIds, entry.granted, entry.named).map((practiceId) => ({
      practice_id: practiceId,
      occurred_at: entry.occurredAt,
      user_id: identity.userId,
      user_email: email,
      ...entry.target,
      status,
      client_ip: entry.clientIp,
      user_agent: entry.userAgent,
      correlation_id:
        typeof correlation === 'string' && /^[\w.:-]{1,128}$/.test(correlation) ? correlation : null,
    }));
  }
}
