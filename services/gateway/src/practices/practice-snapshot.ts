import { PracticeSnapshot } from '@pp/contracts';
import { Practice } from './practice.entity';

/** The practice as the API returns it and as practice.changes carries it. */
export function toPracticeSnapshot(practice: Practice): PracticeSnapshot & { id: string } {
  return {
    practice_id: practice.practice_id,
    id: practice.practice_id,
    name: practice.name,
    website_url: practice.website_url,
    automation_level: practice.automation_level,
    outreach_preferences: practice.outreach_preferences,
  };
}
