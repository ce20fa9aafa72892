import { Inject, Injectable, Logger } from '@nestjs/common';
import { TrackingBatchResponse } from '@pp/contracts';
import { CONFIG, Correlation, PracticeReadModel } from '@pp/platform';
import { AnalyticsConfig } from '../config';
import { isbot } from 'isbot';
import { geoFromHeaders, IpGeoDatabase } from './geo';
import { TrackingLimits } from './tracking-limits';
import { TrackingPublisher } from './tracking-publisher';
import { trackingRecord } from './tracking-records';
import { checkTrackingBatch } from './tracking-rules';
import { TrackingException } from './tracking.exception';

/** What the ingress records of the caller: the address the gateway saw and the browser's user agent. */
export interface TrackingCaller {
  ip: string | null;
  userAgent: string | null;
  /** The request's headers, for a trusted CDN's geo headers. */
  headers?: Record<string, string | string[] | undefined>;
}

/** The events a bot's user agent may still send: forms (people's intake has its own spam rules). */
const KEPT_FROM_BOTS = new Set(['form']);

const MAX_USER_AGENT = 1000;

/**
 * The public tracking ingress (docs/product/ai-engine.md#intake-the-public-tracking-ingress): limits, checks
 * and publishes a website's batch of events straight to Kafka (acks = all), forms on `tracking.forms` and
 * pageviews on `tracking.pageviews`, keyed by practice id. It answers only once Kafka acknowledged every
 * record, so an accepted event is never lost, and 503 (nothing accepted) when Kafka does not acknowledge in
 * time: the snippet sends the batch again and the repeated event ids change nothing.
 */
@Injectable()
export class TrackingService {
  private readonly logger = new Logger('Tracking');

  constructor(
    @Inject(CONFIG) private readonly config: AnalyticsConfig,
    private readonly limits: TrackingLimits,
    private readonly practices: PracticeReadModel,
    private readonly publisher: TrackingPublisher,
    private readonly ipGeo: IpGeoDatabase,
  ) {}

  async ingest(body: unknown, caller: TrackingCaller): Promise<TrackingBatchResponse> {
    await this.limits.fromIp(caller.ip);
    const receivedAt = new Date();
    const batch = checkTrackingBatch(body, receivedAt);
    const practice = await this.practices.bySiteKey(batch.site_key);
    if (!practice) throw TrackingException.unknownSiteKey();
    await this.limits.forPractice(practice.practice_id);
    // A crawler's pageviews and timings are accepted and dropped (it would only retry); its forms go on.
    const bot = this.config.TRACKING_BOT_FILTER && caller.userAgent !== null && isbot(caller.userAgent);
    const events = bot ? batch.events.filter((event) => KEPT_FROM_BOTS.has(event.type)) : batch.events;
    if (events.length === 0) return { accepted: batch.events.length };
    const context = {
      practiceId: practice.practice_id,
      receivedAt,
      ip: caller.ip,
      userAgent: caller.userAgent ? caller.userAgent.slice(0, MAX_USER_AGENT) : null,
      geo: events.some((event) => event.type === 'pageview') ? await this.locate(caller) : null,
      correlationId: Correlation.current(),
    };
    const records = events.map((event) => trackingRecord(event, context));
    try {
      await this.publisher.publish(records, this.config.TRACKING_PUBLISH_TIMEOUT_MS);
    } catch (error) {
      // No patient data here: the practice and the count only.
      this.logger.warn(
        `tracking batch of ${records.length} for practice ${practice.practice_id} not acknowledged: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      throw TrackingException.unavailable();
    }
    return { accepted: batch.events.length };
  }

  /** The caller's location: a trusted CDN's headers, else the IP database (none for a private address). */
  private async locate(caller: TrackingCaller) {
    const fromHeaders = geoFromHeaders(caller.headers ?? {}, this.config.TRACKING_GEO_HEADERS);
    if (fromHeaders) return fromHeaders;
    return this.config.TRACKING_GEO_DATABASE ? this.ipGeo.lookup(caller.ip) : null;
  }
}
