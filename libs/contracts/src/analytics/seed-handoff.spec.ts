import { parseSeedOverviewHandoff, SeedOverviewHandoffV1 } from './seed-handoff';

const PRACTICE = '11111111-1111-4111-8111-111111111111';
const PERSON = '22222222-2222-4222-8222-222222222222';

const handoff = (): SeedOverviewHandoffV1 => ({
  v: 1,
  written_at: '2030-03-01T12:00:00.000Z',
  leads: [
    {
      practice_id: PRACTICE,
      person_id: PERSON,
      created_at: '2030-02-20T15:00:00.000Z',
      name: 'Ava Stone',
      procedures_of_interest: ['Botox'],
      lead_score: 72,
    },
  ],
  messages: [
    {
      event_id: '33333333-3333-4333-8333-333333333333',
      practice_id: PRACTICE,
      person_id: PERSON,
      type: 'sms_sent',
      timestamp: '2030-02-20T15:05:00.000Z',
      status: 'delivered',
      source: 'ai_decision',
    },
  ],
  consults: [
    {
      appointment_id: '44444444-4444-4444-8444-444444444444',
      practice_id: PRACTICE,
      person_id: PERSON,
      location_id: null,
      title: 'Botox consultation',
      description: null,
      status: 'confirmed',
      booked_at: '2030-02-21T15:00:00.000Z',
    },
  ],
});

describe("people's Overview handoff to analytics' seed", () => {
  it('reads back what was written', () => {
    expect(parseSeedOverviewHandoff(JSON.stringify(handoff()))).toEqual(handoff());
  });

  it('refuses another version, a missing list or any malformed row, naming it', () => {
    expect(() => parseSeedOverviewHandoff('not json')).toThrow('the overview handoff is not JSON');
    expect(() => parseSeedOverviewHandoff(JSON.stringify({ ...handoff(), v: 2 }))).toThrow('not version 1');
    expect(() => parseSeedOverviewHandoff(JSON.stringify({ ...handoff(), messages: undefined }))).toThrow(
      'the overview handoff has no messages list',
    );
    const badLead = handoff();
    badLead.leads[0].created_at = 'yesterday';
    expect(() => parseSeedOverviewHandoff(JSON.stringify(badLead))).toThrow(
      'lead 0 of the overview handoff: created_at is not an instant',
    );
    const badMessage = handoff();
    badMessage.messages[0].type = 'pending_review';
    expect(() => parseSeedOverviewHandoff(JSON.stringify(badMessage))).toThrow(
      'message 0 of the overview handoff: type is not a communication event type',
    );
    const badConsult = handoff();
    (badConsult.consults[0] as { status: string }).status = 'no_show';
    expect(() => parseSeedOverviewHandoff(JSON.stringify(badConsult))).toThrow(
      'consult 0 of the overview handoff: status is not confirmed or cancelled',
    );
  });
});
