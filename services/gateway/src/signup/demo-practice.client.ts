import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { GatewayConfig } from '../config';
import { BusinessHours, parseBusinessHours } from '../locations/business-hours';
import { isValidTimezone } from '../locations/location-rules';
import { normalizeWebsiteUrl } from '../practices/website-url';
import { SignupException, SignupExceptionCode, SignupMessages } from './signup.exception';

/** What a ready demo becomes (the onboarding service's `GET onboarding/session/{id}/practice`), checked. */
export interface DemoPractice {
  demo_session_id: string;
  website_url: string;
  practice_name: string | null;
  address: string | null;
  phone_number: string | null;
  time_zone: string | null;
  business_hours: BusinessHours | null;
  page_urls: string[];
  procedure_keys: string[];
}

/** How long sign-up waits for the onboarding service. */
const DEMO_TIMEOUT_MS = 5_000;
const MAX_LIST = 100;

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : null;

const strings = (value: unknown, max: number): string[] =>
  Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === 'string' && item.length <= max)
        .slice(0, MAX_LIST)
    : [];

/**
 * Reads a demo from the onboarding service for sign-up. Its answer is checked as any input is (lengths, the
 * website's shape, the hours' format, a real time zone); what does not pass is left out, not trusted.
 */
@Injectable()
export class DemoPracticeClient {
  private readonly logger = new Logger(DemoPracticeClient.name);

  constructor(@Inject(CONFIG) private readonly config: GatewayConfig) {}

  async practice(demoSessionId: string): Promise<DemoPractice> {
    const url = new URL(
      `/api/v1/onboarding/session/${encodeURIComponent(demoSessionId)}/practice`,
      this.config.ONBOARDING_URL,
    );
    let response: Response;
    let body: Record<string, unknown>;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(DEMO_TIMEOUT_MS) });
      body = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      this.logger.warn(
        `demo ${demoSessionId} not read: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw new SignupException(SignupExceptionCode.DemoUnavailable, SignupMessages.demoUnavailable);
    }
    if (response.status === 404) {
      throw new SignupException(SignupExceptionCode.DemoNotFound, SignupMessages.demoNotFound);
    }
    if (response.status === 409) {
      const detail = text(body?.detail, 300) ?? SignupMessages.demoUnavailable;
      throw new SignupException(SignupExceptionCode.DemoNotReady, detail);
    }
    const website = text(body?.website_url, 2048);
    const normalized = website ? normalizeWebsiteUrl(website, this.config.CRAWL_ALLOWED_HOSTS) : null;
    if (!response.ok || !normalized) {
      this.logger.warn(`demo ${demoSessionId} not read: the onboarding service answered ${response.status}`);
      throw new SignupException(SignupExceptionCode.DemoUnavailable, SignupMessages.demoUnavailable);
    }
    const hours = body.business_hours ? parseBusinessHours(body.business_hours) : null;
    const zone = text(body.time_zone, 100);
    const site = new URL(normalized);
    return {
      demo_session_id: demoSessionId,
      website_url: normalized,
      practice_name: text(body.practice_name, 200),
      address: text(body.address, 500),
      phone_number: text(body.phone_number, 40),
      time_zone: zone && isValidTimezone(zone) ? zone : null,
      business_hours: hours && 'hours' in hours ? hours.hours : null,
      // Only pages of the practice's own website.
      page_urls: strings(body.page_urls, 2048).filter((page) => {
        try {
          return new URL(page).host === site.host;
        } catch {
          return false;
        }
      }),
      procedure_keys: strings(body.procedure_keys, 100).filter((key) => /^[a-z0-9-]+$/.test(key)),
    };
  }
}
