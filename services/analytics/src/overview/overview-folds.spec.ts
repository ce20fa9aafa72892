import { DatedCommunicationFact, DatedLeadFact, foldCommunications, foldLeadFacts } from './overview-folds';

const GLOW = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ANA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BEN = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const fact = (overrides: Partial<DatedLeadFact> = {}): DatedLeadFact => ({
  practice_id: GLOW,
  person_id: ANA,
  created_at: null,
  day: null,
  name: null,
  procedures: null,
  lead_score: null,
  ...overrides,
});

describe('foldLeadFacts', () => {
  it('keeps the newest name and the newest known creation day, procedures and score of each lead', () => {
    const created = new Date('2030-03-09T18:00:00Z');
    const corrected = new Date('2030-03-10T18:00:00Z');
    expect(
      foldLeadFacts(
        [
          fact({
            created_at: created,
            day: '2030-03-09',
            name: 'Ana',
            procedures: ['Botox'],
            lead_score: 40,
          }),
          fact({ person_id: BEN, name: 'Ben', procedures: [] }),
          fact({
            created_at: corrected,
            day: '2030-03-10',
            name: 'Ana Ruiz',
            procedures: null,
            lead_score: 70,
          }),
          fact({ name: null, procedures: ['Fillers'], lead_score: null }),
        ],
        new Map(),
      ),
    ).toEqual([
      fact({
        created_at: corrected,
        day: '2030-03-10',
        name: null,
        procedures: ['Fillers'],
        lead_score: 70,
      }),
      fact({ person_id: BEN, name: 'Ben', procedures: [] }),
    ]);
  });

  it('leaves a null where no event of the batch knew the value (the stored one is kept)', () => {
    expect(foldLeadFacts([fact({ name: 'Ana' }), fact({ name: 'Ana R.' })], new Map())).toEqual([
      fact({ name: 'Ana R.' }),
    ]);
  });

  it("leaves out another practice's events of a lead: the stored row's practice, else the batch's first", () => {
    const events = [fact({ name: 'Ana' }), fact({ practice_id: OTHER, name: 'Taken over' })];
    expect(foldLeadFacts(events, new Map())).toEqual([fact({ name: 'Ana' })]);
    expect(foldLeadFacts(events, new Map([[ANA, OTHER]]))).toEqual([
      fact({ practice_id: OTHER, name: 'Taken over' }),
    ]);
  });

  it('is one lead whatever the case of its id', () => {
    expect(
      foldLeadFacts(
        [
          fact({ person_id: ANA.toUpperCase(), practice_id: GLOW.toUpperCase(), name: 'Ana' }),
          fact({ name: 'Ana R.' }),
        ],
        new Map(),
      ),
    ).toEqual([fact({ name: 'Ana R.' })]);
  });
});

describe('foldCommunications', () => {
  const message = (overrides: Partial<DatedCommunicationFact> = {}): DatedCommunicationFact => ({
    event_id: 'evt-1',
    practice_id: GLOW,
    person_id: ANA,
    type: 'sms_sent',
    occurred_at: new Date('2030-03-09T18:00:00Z'),
    day: '2030-03-09',
    status: null,
    source: 'ai',
    ...overrides,
  });

  it("keeps each event's first announcement with the newest status announced", () => {
    expect(
      foldCommunications([
        message({ status: 'queued' }),
        message({ event_id: 'evt-2', type: 'email_sent' }),
        message({ status: 'delivered', source: 'staff' }),
        message({ status: null }),
      ]),
    ).toEqual([message({ status: 'delivered' }), message({ event_id: 'evt-2', type: 'email_sent' })]);
  });

  it("ignores another practice's announcement of the same event id", () => {
    expect(
      foldCommunications([message({ status: 'sent' }), message({ practice_id: OTHER, status: 'failed' })]),
    ).toEqual([message({ status: 'sent' })]);
  });
});
