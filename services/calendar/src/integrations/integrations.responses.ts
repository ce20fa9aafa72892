import { ApiProperty } from '@nestjs/swagger';
import type { CalendarAssignmentView, CalendarIntegrationView } from './integration-rows';

/** The OpenAPI shapes of Settings → Calendar's answers (docs/product/calendar.md#integrations). */

export class CalendarIntegrationResponse implements CalendarIntegrationView {
  @ApiProperty({ format: 'uuid' })
  calendar_integration_id: string;

  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ enum: ['internal', 'ghl', 'symplast', 'leadar'] })
  provider: string;

  @ApiProperty({ description: 'The provider’s account (GHL location id); the practice id for internal' })
  provider_tenant_id: string;

  @ApiProperty({ example: 'oauth2' })
  auth_method: string;

  @ApiProperty({ example: 'active' })
  status: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_sync_timestamp: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_error: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class ProviderCalendarResponse {
  @ApiProperty()
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  description: string | null;
}

export class ProviderCalendarsResponse {
  @ApiProperty({ type: [ProviderCalendarResponse] })
  calendars: ProviderCalendarResponse[];
}

export class IntegrationHealthResponse {
  @ApiProperty({ enum: ['connected', 'failed'] })
  status: 'connected' | 'failed';

  @ApiProperty()
  detail: string;

  @ApiProperty({ format: 'date-time' })
  checked_at: string;
}

export class CalendarAssignmentResponse implements CalendarAssignmentView {
  @ApiProperty({ format: 'uuid' })
  calendar_integration_id: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null: all locations' })
  location_id: string | null;

  @ApiProperty()
  external_calendar_id: string;

  @ApiProperty({ type: String, nullable: true })
  calendar_name: string | null;

  @ApiProperty({ type: String, nullable: true })
  calendar_description: string | null;

  @ApiProperty()
  is_active: boolean;
}

export class AssignmentSummaryResponse {
  @ApiProperty({ enum: ['all_locations', 'per_location'] })
  mode: string;

  @ApiProperty()
  total_assignments: number;

  @ApiProperty()
  active_assignments: number;

  @ApiProperty()
  locations_covered: number;

  @ApiProperty()
  total_locations: number;

  @ApiProperty()
  distinct_calendars: number;

  @ApiProperty({ example: 'PracticePilot Calendar serves all locations.' })
  message: string;
}

export class SavedAssignmentsResponse {
  @ApiProperty({ format: 'uuid' })
  calendar_integration_id: string;

  @ApiProperty({ type: [CalendarAssignmentResponse] })
  assignments: CalendarAssignmentResponse[];

  @ApiProperty({ type: AssignmentSummaryResponse })
  summary: AssignmentSummaryResponse;
}

export class AuthorizationUrlResponse {
  @ApiProperty({ example: 'https://marketplace.gohighlevel.com/oauth/chooselocation?…' })
  authorization_url: string;
}
