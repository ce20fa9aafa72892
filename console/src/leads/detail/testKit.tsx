import type { PersonDto, TimelineEventDto } from '@pp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../../providers/i18nProvider';

/** Test helpers for the lead detail, timeline, escalation and side panel component tests (jsdom only). */

export const PRACTICE = { practice_id: 'p-glow', name: 'Glow Aesthetics' };

export function aPerson(changes: Partial<PersonDto> = {}): PersonDto {
  return {
    person_id: 'lead-1',
    practice_id: PRACTICE.practice_id,
    first_name: 'Sofia',
    last_name: 'Marquez',
    primary_phone: '+12145550131',
    primary_email: 'sofia.marquez@mail.example',
    stage: 'Lead',
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    last_activity_at: null,
    is_unseen: false,
    last_seen_at: null,
    pending_review_type: null,
    current_outreach_state: { control_mode: 'ai', ai_insights: {} },
    next_scheduled_action: null,
    enrichment_data: null,
    behavioral_insights: null,
    first_inquiry_at: null,
    speed_to_lead_seconds: null,
    language: null,
    ...changes,
  };
}

let sequence = 0;
export function anEvent(
  event_type: string,
  content_data: Record<string, unknown> = {},
  changes: Partial<TimelineEventDto> = {},
): TimelineEventDto {
  sequence += 1;
  return {
    event_id: `ev-${sequence}`,
    person_id: 'lead-1',
    event_type,
    timestamp: new Date(Date.now() - sequence * 60_000).toISOString(),
    session_id: null,
    source_identifier: null,
    content_data,
    event_metadata: {},
    ...changes,
  };
}

/** An HttpError-like rejection with the server's body, as httpClient throws it. */
export function httpFailure(status: number, detail?: string) {
  return Object.assign(new Error(detail ?? 'Request failed'), { status, body: detail ? { detail } : null });
}

export function renderWithAdmin(
  ui: ReactElement,
  {
    locations = [],
  }: {
    /** The practice's locations (the practice's clock is the primary one's `timezone`). */
    locations?: { location_id: string; name: string; timezone?: string; is_primary?: boolean }[];
  } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const getList = jest.fn().mockResolvedValue({
    data: locations.map((location) => ({ ...location, id: location.location_id })),
    total: locations.length,
  });
  const dataProvider = testDataProvider({
    getList,
    getMyPractices: jest.fn().mockResolvedValue([PRACTICE]),
  } as never);
  const view = render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, queryClient, getList };
}
