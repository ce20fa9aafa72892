import { LocationSnapshot } from '@pp/contracts';
import { Location } from './location.entity';

/** A location as the API returns it and as practice.changes carries it. */
export function toLocationView(location: Location): LocationSnapshot & { id: string } {
  return {
    location_id: location.location_id,
    id: location.location_id,
    practice_id: location.practice_id,
    name: location.name,
    address: location.address,
    timezone: location.timezone,
    phone: location.phone,
    is_primary: location.is_primary,
    is_active: location.is_active,
    business_hours: location.business_hours as Record<string, unknown> | null,
  };
}
