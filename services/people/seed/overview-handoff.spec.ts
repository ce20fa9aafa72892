import type { SeededAppointmentV1 } from '@pp/contracts';
import { messageSource, overviewConsults, overviewLead, overviewMessage } from './overview-handoff';

describe("the seed's Overview handoff", () => {
  it('tells the AI’s own sends from staff’s, as a live event’s source does', () => {
    expect(messageSource({ orchestrator_decision: { reasoning: 'Follow up' } })).toBe('ai_decision');
    expect(messageSource({ source: 'human_action', performed_by_name: 'Avery' })).toBe('human_action');
    expect(messageSource({ ai_content_analysis: {} })).toBeNull();
    expect(messageSource(null)).toBeNull();
  });

  it('hands a lead over with its name, procedures of interest and score (insights stored as JSON text too)', () => {
    const base = {
      practice_id: 'p',
      person_id: 'l',
      created_at: new Date('2030-02-20T15:00:00Z'),
      first_name: 'Ava',
      last_name: null,
      current_outreach_state: { control_mode: 'ai' as const },
    };
    expect(
      overviewLead({
        ...base,
        behavioral_insights: JSON.stringify({
          lead_intelligence: { lead_score: 64, procedure_interest: [{ procedure_name: 'Fillers' }] },
        }) as unknown as Record<string, unknown>,
      }),
    ).toEqual({
      practice_id: 'p',
      person_id: 'l',
      created_at: '2030-02-20T15:00:00.000Z',
      name: 'Ava',
      procedures_of_interest: ['Fillers'],
      lead_score: 64,
    });
    expect(
      overviewLead({
        ...base,
        current_outreach_state: { control_mode: 'ai', ai_insights: { procedures_of_interest: ['Botox'] } },
        behavioral_insights: null,
      }),
    ).toMatchObject({ procedures_of_interest: ['Botox'], lead_score: null });
  });

  it('hands a message over with its status and source', () => {
    expect(
      overviewMessage({
        event_id: 'e',
        practice_id: 'p',
        person_id: 'l',
        event_type: 'sms_sent',
        timestamp: '2030-02-20T15:05:00Z',
        content_data: { status: 'delivered' },
        event_metadata: { orchestrator_decision: {} },
      }),
    ).toEqual({
      event_id: 'e',
      practice_id: 'p',
      person_id: 'l',
      type: 'sms_sent',
      timestamp: '2030-02-20T15:05:00.000Z',
      status: 'delivered',
      source: 'ai_decision',
    });
  });

  it('hands over the appointments as consults booked when their appointment_scheduled was written', () => {
    const appointment = { appointment_id: 'a1', practice_id: 'p', person_id: 'l', location_id: null } as Pick<
      SeededAppointmentV1,
      'appointment_id' | 'practice_id' | 'person_id' | 'location_id'
    >;
    const appointments = [
      { ...appointment, title: 'Consultation', description: null, status: 'cancelled' },
      { ...appointment, appointment_id: 'a2', title: 'Consultation', description: null, status: 'confirmed' },
    ] as SeededAppointmentV1[];
    expect(overviewConsults(appointments, new Map([['a1', '2030-02-21T15:00:00.000Z']]))).toEqual([
      {
        appointment_id: 'a1',
        practice_id: 'p',
        person_id: 'l',
        location_id: null,
        title: 'Consultation',
        description: null,
        status: 'cancelled',
        booked_at: '2030-02-21T15:00:00.000Z',
      },
    ]);
  });
});
