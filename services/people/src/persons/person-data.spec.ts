import { Person } from './person.entity';
import { toPersonData } from './person-data';

const person = (overrides: Partial<Person>): Person =>
  ({
    person_id: 'l',
    practice_id: 'p',
    first_name: 'Ava',
    last_name: 'Stone',
    stage: 'Lead',
    primary_email: null,
    primary_phone: null,
    is_unseen: true,
    pending_review_type: null,
    last_activity_at: null,
    created_at: new Date('2030-03-09T06:30:00Z'),
    current_outreach_state: { control_mode: 'ai' },
    behavioral_insights: null,
    ...overrides,
  }) as Person;

describe('the person fields of a lead event', () => {
  it('carry the creation time, the procedures of interest and the score analytics counts', () => {
    expect(
      toPersonData(
        person({
          current_outreach_state: { control_mode: 'ai', ai_insights: { procedures_of_interest: ['Botox'] } },
          behavioral_insights: { lead_intelligence: { lead_score: 72 } },
        }),
      ),
    ).toMatchObject({
      created_at: '2030-03-09T06:30:00.000Z',
      procedures_of_interest: ['Botox'],
      lead_score: 72,
    });
  });

  it("fall back to the last analysis' procedure interest, also when insights are stored as JSON text", () => {
    const insights = { lead_intelligence: { procedure_interest: [{ procedure_name: 'Fillers' }] } };
    expect(toPersonData(person({ behavioral_insights: insights }))).toMatchObject({
      procedures_of_interest: ['Fillers'],
      lead_score: null,
    });
    expect(
      toPersonData(
        person({ behavioral_insights: JSON.stringify(insights) as unknown as Record<string, unknown> }),
      ),
    ).toMatchObject({ procedures_of_interest: ['Fillers'] });
  });

  it('carry empty interests and no score before any analysis', () => {
    expect(toPersonData(person({}))).toMatchObject({ procedures_of_interest: [], lead_score: null });
  });
});
