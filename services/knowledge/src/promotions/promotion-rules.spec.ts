import { ProcedureApiMessages } from '@pp/contracts';
import { checkPromotion } from './promotion-rules';

const base = {
  name: 'Summer Glow',
  amount: 20,
  start: '2026-06-01T00:00:00.000Z',
  end: '2026-06-30T00:00:00.000Z',
};
const problem = (input: object) => {
  const result = checkPromotion(input);
  return 'problem' in result ? result.problem : null;
};

describe('promotion rules', () => {
  it('takes a percent discount by default, with the calendar days of the ISO timestamps', () => {
    expect(checkPromotion(base)).toEqual({
      name: 'Summer Glow',
      type: 'percent_discount',
      amount: 20,
      selected_procedures: [],
      is_all_procedures: true,
      start: '2026-06-01',
      end: '2026-06-30',
    });
  });

  it('requires a name, a start and an end, with the end not before the start', () => {
    expect(problem({ ...base, name: '  ' })).toBe(ProcedureApiMessages.promotionNameRequired);
    expect(problem({ ...base, start: undefined })).toBe(ProcedureApiMessages.promotionDatesRequired);
    expect(problem({ ...base, end: '' })).toBe(ProcedureApiMessages.promotionDatesRequired);
    expect(problem({ ...base, start: '2026-02-30' })).toBe(ProcedureApiMessages.promotionDateInvalid);
    expect(problem({ ...base, end: '2026-05-31' })).toBe(ProcedureApiMessages.promotionEndBeforeStart);
    expect(problem({ ...base, end: '2026-06-01' })).toBeNull();
  });

  it('takes a percent above 0 and at most 100, a dollar amount above 0', () => {
    expect(problem({ ...base, amount: 0 })).toBe(ProcedureApiMessages.promotionPercentInvalid);
    expect(problem({ ...base, amount: 100 })).toBeNull();
    expect(problem({ ...base, amount: 100.5 })).toBe(ProcedureApiMessages.promotionPercentInvalid);
    expect(problem({ ...base, type: 'up_to_percent_discount', amount: 101 })).toBe(
      ProcedureApiMessages.promotionPercentInvalid,
    );
    expect(problem({ ...base, type: 'monetary_discount', amount: 250 })).toBeNull();
    expect(problem({ ...base, type: 'monetary_discount', amount: -5 })).toBe(
      ProcedureApiMessages.promotionAmountInvalid,
    );
    expect(problem({ ...base, amount: null })).toBe(ProcedureApiMessages.promotionAmountRequired);
    expect(problem({ ...base, type: 'bogus' })).toBe(ProcedureApiMessages.promotionTypeInvalid);
  });

  it('gives a free consultation no amount', () => {
    expect(checkPromotion({ ...base, type: 'free_consultation', amount: 50 })).toMatchObject({
      amount: null,
    });
  });

  it('clears the list for all procedures, and an empty list means all', () => {
    expect(checkPromotion({ ...base, is_all_procedures: true, selected_procedures: ['a'] })).toMatchObject({
      is_all_procedures: true,
      selected_procedures: [],
    });
    expect(
      checkPromotion({ ...base, is_all_procedures: false, selected_procedures: ['a', 'a', 'b'] }),
    ).toMatchObject({
      is_all_procedures: false,
      selected_procedures: ['a', 'b'],
    });
  });
});
