import { Inject, Injectable, Logger } from '@nestjs/common';
import { TrackingBatchResponse } from '@pp/contracts';
import { CONFIG, Correlation, KafkaProducer, PracticeReadModel } from '@pp/platform';
import { AnalyticsConfig } from '../config';
import { TrackingLimits } from './tracking-limits';
import { trackingRecord } from './tracking-records';
import { checkTrackingBatch } from './tracking-rules';
import { TrackingException } from './tracking.exception';

/** What the ingress records of the caller: the address the gateway saw and the browser's user agent. */
export interface TrackingCaller {
  ip: string | null;
  userAgent: string | null;
}

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
    private readonly producer: KafkaProducer,
  ) {}

  async ingest(body: unknown, caller: TrackingCaller): Promise<TrackingBatchResponse> {
    await this.limits.fromIp(caller.ip);
    const receivedAt = new Date();
    const batch = checkTrackingBatch(body, receivedAt);
    const practice = await this.practices.bySiteKey(batch.site_key);
    if (!practice) throw TrackingException.unknownSiteKey();
    await this.limits.forPractice(practice.practice_id);
    const context = {
      practiceId: practice.practice_id,
      receivedAt,
      ip: caller.ip,
      userAgent: caller.userAgent ? caller.userAgent.slice(0, MAX_USER_AGENT) : null,
      correlationId: Correlation.current(),
    };
    const records = batch.events.map((event) => trackingRecord(event, context));
    try {
      await this.producer.send(records, { timeoutMs: this.config.TRACKING_PUBLISH_TIMEOUT_MS });
    } catch (error) {
      // No patient data here: the practice and the count only.
      this.logger.warn(
        `tracking batch of ${records.length} for practice ${practice.practice_id} not acknowledged: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      throw TrackingException.unavailable();
    }
    return { accepted: records.length };
  }
}
