import type { PersonDto } from '@pp/contracts';
import { en } from '../../i18n/en';
import { parseInsights } from '../format';

/** docs/product/lead-panel.md#constants: the lead score from which a phone lead should be called at once. */
export const CALL_NOW_SCORE = 80;

export interface Recommendations {
  suggestedAction: string;
  highUrgency: boolean;
  keyConcerns: string[];
}

type Advised = Pick<PersonDto, 'behavioral_insights' | 'current_outreach_state'>;

/**
 * The AI recommendations box (docs/product/lead-panel.md): phone and a score of 80 or more → call now; SMS → a booking link
 * by SMS; anything else → a personalised email. Urgency 'high' adds the 24-hour warning.
 */
export function recommendationsFor(person: Advised): Recommendations {
  const t = en.pp.leads.panel;
  const insights = parseInsights(person);
  const method = String(insights?.response_patterns?.preferred_contact_method ?? '').toLowerCase();
  const score = insights?.lead_intelligence?.lead_score;
  const aiInsights = person.current_outreach_state?.ai_insights;
  let suggestedAction = t.send_email;
  if (method === 'phone' && typeof score === 'number' && score >= CALL_NOW_SCORE)
    suggestedAction = t.call_now;
  else if (method === 'sms') suggestedAction = t.send_sms;
  const urgency = aiInsights?.urgency_level ?? insights?.lead_intelligence?.urgency_level;
  const concerns = aiInsights?.key_concerns;
  return {
    suggestedAction,
    highUrgency: String(urgency ?? '').toLowerCase() === 'high',
    keyConcerns: Array.isArray(concerns)
      ? concerns.filter((concern): concern is string => typeof concern === 'string' && concern.trim() !== '')
      : [],
  };
}
