import type { PersonDto } from '@pp/contracts';
import { initials, leadScore, parseInsights, personName, procedureNames, scoreFactors } from './person';

const lead = (fields: Partial<PersonDto>) => fields as PersonDto;

describe('personName and initials', () => {
  it('joins the names and falls back to Unknown / LD', () => {
    expect(personName(lead({ first_name: 'Maya', last_name: 'Chen' }))).toBe('Maya Chen');
    expect(initials(lead({ first_name: 'maya', last_name: 'chen' }))).toBe('MC');
    expect(personName(lead({ first_name: '  ', last_name: null }))).toBe('Unknown');
    expect(initials(lead({ first_name: null, last_name: '' }))).toBe('LD');
    expect(personName(null)).toBe('Unknown');
  });

  it('uses the one name there is', () => {
    expect(personName(lead({ first_name: null, last_name: 'Chen' }))).toBe('Chen');
    expect(initials(lead({ first_name: null, last_name: 'Chen' }))).toBe('C');
  });
});

describe('parseInsights', () => {
  const insights = { lead_intelligence: { lead_score: 82 } };

  it('returns an object as it is', () => {
    expect(parseInsights(lead({ behavioral_insights: insights }))).toBe(insights);
  });
  it('parses JSON text', () => {
    expect(parseInsights(lead({ behavioral_insights: JSON.stringify(insights) }))).toEqual(insights);
  });
  it('gives null for bad JSON, JSON that is not an object, or nothing', () => {
    expect(parseInsights(lead({ behavioral_insights: '{"lead_intelligence":' }))).toBeNull();
    expect(parseInsights(lead({ behavioral_insights: '[1,2]' }))).toBeNull();
    expect(parseInsights(lead({ behavioral_insights: null }))).toBeNull();
  });
  it('feeds the lead score', () => {
    expect(leadScore(lead({ behavioral_insights: JSON.stringify(insights) }))).toBe(82);
    expect(leadScore(lead({ behavioral_insights: '{}' }))).toBeNull();
  });
});

describe('procedureNames', () => {
  it("prefers the AI's procedures of interest", () => {
    const person = lead({
      current_outreach_state: {
        control_mode: 'ai',
        ai_insights: { procedures_of_interest: ['Botox', 'botox', ''] },
      },
      behavioral_insights: { lead_intelligence: { procedure_interest: [{ procedure_name: 'Fillers' }] } },
    });
    expect(procedureNames(person)).toEqual(['Botox']);
  });
  it('falls back to the behavioural insights', () => {
    const person = lead({
      current_outreach_state: { control_mode: 'ai' },
      behavioral_insights: JSON.stringify({
        lead_intelligence: {
          procedure_interest: [{ procedure_name: 'Fillers' }, { procedure_name: 'Laser' }],
        },
      }),
    });
    expect(procedureNames(person)).toEqual(['Fillers', 'Laser']);
  });
  it('is empty when the lead has neither', () => {
    expect(procedureNames(lead({ current_outreach_state: { control_mode: 'ai' } }))).toEqual([]);
  });
});

describe('scoreFactors', () => {
  const factor = (label: string, contribution: number, weight = 20) => ({
    factor: 'intent',
    label,
    weight,
    value: contribution / weight,
    contribution,
    explanation: `Because of ${label}`,
  });

  it('lists the factors, largest contribution first, from an object or JSON text', () => {
    const insights = {
      lead_intelligence: {
        score_factors: [factor('Recency', 4), factor('Intent', 18), factor('Urgency', 9)],
      },
    };
    expect(scoreFactors(lead({ behavioral_insights: insights as never })).map((f) => f.label)).toEqual([
      'Intent',
      'Urgency',
      'Recency',
    ]);
    expect(scoreFactors(lead({ behavioral_insights: JSON.stringify(insights) }))).toHaveLength(3);
  });

  it('skips factors without a label or numbers, and gives [] when there are none', () => {
    const insights = {
      lead_intelligence: {
        score_factors: [
          factor('', 3),
          { label: 'Engagement', contribution: 'high', weight: 10 },
          null,
          factor('Intent', 5),
        ],
      },
    };
    expect(scoreFactors(lead({ behavioral_insights: insights as never })).map((f) => f.label)).toEqual([
      'Intent',
    ]);
    expect(scoreFactors(lead({ behavioral_insights: { lead_intelligence: {} } }))).toEqual([]);
    expect(scoreFactors(lead({ behavioral_insights: null }))).toEqual([]);
  });
});
