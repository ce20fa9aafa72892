import type { ValueOffer } from './overview-rules';
import {
  changePercent,
  checkOverviewPeriod,
  communicationKind,
  consultValue,
  daysBetween,
  localDay,
  localDayBounds,
  minutesSaved,
  OverviewMessages,
  procedureDistribution,
} from './overview-rules';

const LOCATION = '11111111-1111-4111-8111-111111111111';
const OTHER_LOCATION = '22222222-2222-4222-8222-222222222222';

const offer: ValueOffer = {
  consultation_fees: [
    { modality: 'medspa', location_id: null, location_name: null, fee: 100, currency: 'USD', is_free: false },
    {
      modality: 'medspa',
      location_id: LOCATION,
      location_name: 'Uptown',
      fee: 150,
      currency: 'USD',
      is_free: false,
    },
    { modality: 'surgery', location_id: null, location_name: null, fee: 0, currency: 'USD', is_free: true },
  ],
  procedures: [
    {
      procedure_id: 'p1',
      name: 'Breast Augmentation',
      parent_name: null,
      prices: [
        {
          location_id: null,
          location_name: null,
          price_min: 5000,
          price_max: 7000,
          unit: null,
          currency: 'USD',
        },
      ],
    },
    {
      procedure_id: 'p2',
      name: 'Rhinoplasty',
      parent_name: null,
      prices: [
        {
          location_id: null,
          location_name: null,
          price_min: 6000,
          price_max: null,
          unit: null,
          currency: 'USD',
        },
        {
          location_id: LOCATION,
          location_name: 'Uptown',
          price_min: 8000,
          price_max: 9000,
          unit: null,
          currency: 'USD',
        },
      ],
    },
  ],
};

describe('overview rules', () => {
  describe('the period and the previous one', () => {
    it('takes the previous period of the same length, just before', () => {
      expect(checkOverviewPeriod('2030-03-01', '2030-03-30')).toEqual({
        start: '2030-03-01',
        end: '2030-03-30',
        days: 30,
        previous: { start: '2030-01-30', end: '2030-02-28' },
      });
      expect(checkOverviewPeriod('2030-03-01', '2030-03-01')).toMatchObject({
        days: 1,
        previous: { start: '2030-02-28', end: '2030-02-28' },
      });
      expect(checkOverviewPeriod('2032-03-01', '2032-03-02')).toMatchObject({
        previous: { start: '2032-02-28', end: '2032-02-29' },
      });
    });

    it('refuses missing, unreal, reversed and too long ranges with the rule broken', () => {
      expect(checkOverviewPeriod(undefined, '2030-03-01')).toEqual({
        problem: OverviewMessages.datesRequired,
      });
      expect(checkOverviewPeriod('2030-03-01', '')).toEqual({ problem: OverviewMessages.datesRequired });
      expect(checkOverviewPeriod('2030-02-30', '2030-03-01')).toEqual({
        problem: OverviewMessages.invalidDate,
      });
      expect(checkOverviewPeriod('03/01/2030', '2030-03-01')).toEqual({
        problem: OverviewMessages.invalidDate,
      });
      expect(checkOverviewPeriod('2030-03-02', '2030-03-01')).toEqual({
        problem: OverviewMessages.endBeforeStart,
      });
      expect(checkOverviewPeriod('2030-01-01', '2031-01-02')).toEqual({
        problem: OverviewMessages.rangeTooLong,
      });
      expect(checkOverviewPeriod('2032-01-01', '2032-12-31')).toMatchObject({ days: 366 });
    });
  });

  describe('change against the previous period', () => {
    it('is a percentage with one decimal', () => {
      expect(changePercent(15, 10)).toBe(50);
      expect(changePercent(5, 10)).toBe(-50);
      expect(changePercent(2, 3)).toBe(-33.3);
      expect(changePercent(4, 3)).toBe(33.3);
      expect(changePercent(10, 10)).toBe(0);
    });

    it('is 0 when both periods are 0 and 100 when only the previous one is', () => {
      expect(changePercent(0, 0)).toBe(0);
      expect(changePercent(7, 0)).toBe(100);
      expect(changePercent(0, 4)).toBe(-100);
    });
  });

  describe("days on the practice's clock", () => {
    it('lists every day of the period, month and year ends included', () => {
      expect(daysBetween('2030-12-30', '2031-01-02')).toEqual([
        '2030-12-30',
        '2030-12-31',
        '2031-01-01',
        '2031-01-02',
      ]);
      expect(daysBetween('2030-03-10', '2030-03-10')).toEqual(['2030-03-10']);
    });

    it('gives the spring-forward day 23 hours and the fall-back day 25 in Chicago', () => {
      const spring = localDayBounds('2030-03-10', 'America/Chicago');
      expect(spring.from.toISOString()).toBe('2030-03-10T06:00:00.000Z');
      expect(spring.to.toISOString()).toBe('2030-03-11T05:00:00.000Z');
      const fall = localDayBounds('2030-11-03', 'America/Chicago');
      expect(fall.from.toISOString()).toBe('2030-11-03T05:00:00.000Z');
      expect(fall.to.toISOString()).toBe('2030-11-04T06:00:00.000Z');
    });

    it('gives Los Angeles its own DST days', () => {
      const spring = localDayBounds('2030-03-10', 'America/Los_Angeles');
      expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
      expect(spring.from.toISOString()).toBe('2030-03-10T08:00:00.000Z');
      const fall = localDayBounds('2030-11-03', 'America/Los_Angeles');
      expect(fall.to.getTime() - fall.from.getTime()).toBe(25 * 3_600_000);
    });

    it('puts an instant on the day of the practice, not of UTC', () => {
      // 04:30 UTC on 11 March is 23:30 on 10 March in Chicago (CDT, UTC-5) and 21:30 in Los Angeles.
      expect(localDay(new Date('2030-03-11T04:30:00Z'), 'America/Chicago')).toBe('2030-03-10');
      expect(localDay(new Date('2030-03-11T05:00:00Z'), 'America/Chicago')).toBe('2030-03-11');
      expect(localDay(new Date('2030-03-11T06:59:59Z'), 'America/Los_Angeles')).toBe('2030-03-10');
      expect(localDay(new Date('2030-03-11T07:00:00Z'), 'America/Los_Angeles')).toBe('2030-03-11');
      // The repeated hour of fall-back day still belongs to it.
      expect(localDay(new Date('2030-11-04T05:30:00Z'), 'America/Chicago')).toBe('2030-11-03');
    });
  });

  describe('estimated value of a consult', () => {
    const consult = (
      title: string,
      location_id: string | null = null,
      description: string | null = null,
    ) => ({
      title,
      location_id,
      description,
    });

    it('takes the consultation fee of its modality at its location, else the practice-wide one', () => {
      expect(consultValue(consult('Botox consultation', LOCATION), offer)).toBe(150);
      expect(consultValue(consult('Botox consultation', OTHER_LOCATION), offer)).toBe(100);
      expect(consultValue(consult('Consultation'), offer)).toBe(100);
    });

    it("falls back to the named procedure's price midpoint when the consultation is free", () => {
      // Surgical consults are free here: the procedure named in the title gives the value.
      expect(consultValue(consult('Breast Augmentation consult'), offer)).toBe(6000);
      expect(consultValue(consult('Rhinoplasty consult', LOCATION), offer)).toBe(8500);
      // One bound only: that bound.
      expect(consultValue(consult('Rhinoplasty consult', OTHER_LOCATION), offer)).toBe(6000);
    });

    it("charges a practice's only modality for every consult", () => {
      const surgeryOnly: ValueOffer = {
        procedures: [],
        consultation_fees: [
          {
            modality: 'surgery',
            location_id: null,
            location_name: null,
            fee: 150,
            currency: 'USD',
            is_free: false,
          },
        ],
      };
      expect(consultValue(consult('Botox consultation'), surgeryOnly)).toBe(150);
      expect(consultValue(consult('Tummy tuck consultation'), surgeryOnly)).toBe(150);
    });

    it('is 0 without a fee or a named procedure, and without an offer', () => {
      expect(consultValue(consult('Surgical consultation'), offer)).toBe(0);
      expect(consultValue(consult('Consultation'), null)).toBe(0);
      expect(consultValue(consult('Consultation'), { procedures: [], consultation_fees: [] })).toBe(0);
    });
  });

  describe('time saved', () => {
    it('counts the table minutes of what the AI sent on its own', () => {
      expect(minutesSaved('sms_sent', 'ai_decision')).toBe(3);
      expect(minutesSaved('email_sent', 'ai_decision')).toBe(5);
      expect(minutesSaved('email_sent', 'auto_reply')).toBe(5);
      expect(minutesSaved('phone_call_sent', 'ai_engine')).toBe(8);
    });

    it("counts nothing for staff's own sends, inbound messages or unknown sources", () => {
      expect(minutesSaved('sms_sent', 'human_action')).toBe(0);
      expect(minutesSaved('sms_received', 'ai_decision')).toBe(0);
      expect(minutesSaved('sms_sent', null)).toBe(0);
      expect(minutesSaved('stage_changed', 'ai_engine')).toBe(0);
    });
  });

  it('knows the communication events and their direction', () => {
    expect(communicationKind('sms_sent')).toEqual({ channel: 'sms', direction: 'outgoing' });
    expect(communicationKind('email_received')).toEqual({ channel: 'email', direction: 'incoming' });
    expect(communicationKind('phone_call_completed')).toEqual({ channel: 'phone', direction: 'unknown' });
    expect(communicationKind('pending_review')).toBeNull();
  });

  describe('procedure distribution', () => {
    it('shows the most asked-for procedures and sums the rest as Other', () => {
      const tallies = Array.from({ length: 10 }, (_, index) => ({
        procedure_name: `P${index}`,
        lead_count: 20 - index,
        score_sum: (20 - index) * 50,
        scored: 20 - index,
      }));
      tallies.push({ procedure_name: 'Unscored', lead_count: 1, score_sum: 0, scored: 0 });
      const items = procedureDistribution(tallies);
      expect(items.map((item) => item.procedure_name)).toEqual([
        'P0',
        'P1',
        'P2',
        'P3',
        'P4',
        'P5',
        'P6',
        'P7',
        'Other',
      ]);
      expect(items[8]).toEqual({ procedure_name: 'Other', lead_count: 12 + 11 + 1, avg_interest_score: 50 });
    });

    it('averages the scored leads only, 0 when none was scored', () => {
      expect(
        procedureDistribution([
          { procedure_name: 'Botox', lead_count: 3, score_sum: 70 + 81, scored: 2 },
          { procedure_name: 'Fillers', lead_count: 3, score_sum: 0, scored: 0 },
        ]),
      ).toEqual([
        { procedure_name: 'Botox', lead_count: 3, avg_interest_score: 76 },
        { procedure_name: 'Fillers', lead_count: 3, avg_interest_score: 0 },
      ]);
    });
  });
});
