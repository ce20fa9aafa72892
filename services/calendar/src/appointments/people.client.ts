import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, Correlation, CORRELATION_HEADER, IDENTITY_HEADER } from '@pp/platform';
import { CalendarConfig } from '../config';
import { AppointmentException, AppointmentExceptionCode, AppointmentMessages } from './appointment.exception';

/** The lead fields the calendar keeps with an appointment (docs/product/calendar.md#appointment, person_*). */
export interface LeadSnapshot {
  person_id: string;
  practice_id: string;
  first_name: string | null;
  last_name: string | null;
  primary_email: string | null;
  primary_phone: string | null;
  enrichment_data: {
    avatar?: string | null;
    age?: number | null;
    location?: string | null;
    title?: string | null;
    organization?: string | null;
    education?: { degree?: string | null; name?: string | null }[];
  } | null;
}

/**
 * Asks the people service about a lead, as the caller: the caller's internal identity token is forwarded,
 * so people applies its own tenant rules and a lead the caller cannot see is simply not found.
 */
@Injectable()
export class PeopleClient {
  private readonly logger = new Logger(PeopleClient.name);

  constructor(@Inject(CONFIG) private readonly config: CalendarConfig) {}

  /** The lead, or null when people does not know it (or not for this caller). */
  async findLead(personId: string, identityToken: string): Promise<LeadSnapshot | null> {
    const headers: Record<string, string> = { [IDENTITY_HEADER]: identityToken, accept: 'application/json' };
    const correlationId = Correlation.current();
    if (correlationId) headers[CORRELATION_HEADER] = correlationId;
    let response: Response;
    try {
      response = await fetch(`${this.config.PEOPLE_URL}/api/v1/people/${encodeURIComponent(personId)}`, {
        headers,
        signal: AbortSignal.timeout(this.config.PEOPLE_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn(`people unreachable: ${error instanceof Error ? error.message : String(error)}`);
      throw peopleUnavailable();
    }
    if (response.status === 404) return null;
    if (!response.ok) {
      this.logger.warn(`people answered ${response.status} for a lead lookup`);
      throw peopleUnavailable();
    }
    return (await response.json()) as LeadSnapshot;
  }
}

function peopleUnavailable(): AppointmentException {
  return new AppointmentException(
    AppointmentExceptionCode.PeopleUnavailable,
    AppointmentMessages.peopleUnavailable,
  );
}
