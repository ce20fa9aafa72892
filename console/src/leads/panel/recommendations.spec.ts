import type { PersonDto } from '@pp/contracts';
import { recommendationsFor } from './recommendations';

function lead(method: string | null, score: number | null, aiInsights: Record<string, unknown> = {}) {
  return {
    behavioral_insights: {
      response_patterns: { preferred_contact_method: method },
      lead_intelligence: { lead_score: score },
    },
    current_outreach_state: { control_mode: 'ai', ai_insights: aiInsights },
  } as Pick<PersonDto, 'behavioral_insights' | 'current_outreach_state'>;
}

describe('recommendationsFor (docs/product/lead-panel.md)', () => {
  it('says to call a phone lead with a score of 80 or more at once', () => {
    expect(recommendationsFor(lead('phone', 80)).suggestedAction).toBe('Call immediately - High intent lead');
  });

  it('suggests an email for a phone lead below 80', () => {
    expect(recommendationsFor(lead('phone', 79)).suggestedAction).toBe('Send personalized email');
  });

  it('suggests an SMS with a booking link for an SMS lead, whatever the score', () => {
    expect(recommendationsFor(lead('sms', 95)).suggestedAction).toBe('Send SMS with booking link');
    expect(recommendationsFor(lead('sms', null)).suggestedAction).toBe('Send SMS with booking link');
  });

  it('suggests a personalised email otherwise', () => {
    expect(recommendationsFor(lead('email', 99)).suggestedAction).toBe('Send personalized email');
    expect(recommendationsFor(lead(null, null)).suggestedAction).toBe('Send personalized email');
  });

  it('reads insights that arrive as JSON text', () => {
    const person = {
      ...lead(null, null),
      behavioral_insights: JSON.stringify({
        response_patterns: { preferred_contact_method: 'phone' },
        lead_intelligence: { lead_score: 91 },
      }),
    };
    expect(recommendationsFor(person).suggestedAction).toBe('Call immediately - High intent lead');
  });

  it('flags high urgency and lists the key concerns', () => {
    const result = recommendationsFor(
      lead('sms', 50, { urgency_level: 'high', key_concerns: ['Price', '', 'Downtime'] }),
    );
    expect(result.highUrgency).toBe(true);
    expect(result.keyConcerns).toEqual(['Price', 'Downtime']);
    expect(recommendationsFor(lead('sms', 50, { urgency_level: 'medium' })).highUrgency).toBe(false);
  });
});
