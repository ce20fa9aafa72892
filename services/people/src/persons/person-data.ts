import { LeadPersonData } from '@pp/contracts';
import { Person } from './person.entity';

/** The person fields carried by every lead event. */
export function toPersonData(person: Person): LeadPersonData {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    stage: person.stage,
    primary_email: person.primary_email,
    primary_phone: person.primary_phone,
    is_unseen: person.is_unseen,
    pending_review_type: person.pending_review_type,
    last_activity_at: person.last_activity_at?.toISOString() ?? null,
  };
}
