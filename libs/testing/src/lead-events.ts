import type { LeadPersonData } from '@pp/contracts';

/**
 * The `person_data` of a `people.lead-events` announcement, as people writes it for a new lead with no contact
 * and no activity yet; `overrides` give the fields a test cares about.
 */
export function leadPersonData(overrides: Partial<LeadPersonData> = {}): LeadPersonData {
  return {
    first_name: null,
    last_name: null,
    stage: 'Lead',
    primary_email: null,
    primary_phone: null,
    is_unseen: true,
    pending_review_type: null,
    last_activity_at: null,
    ...overrides,
  };
}
