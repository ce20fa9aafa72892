import { canSavePromotion, initialPromotionForm, promotionRequest } from './promotionForm';
import { aPromotion } from './testKit';

describe('the promotion form', () => {
  it('starts as a percent discount for all procedures at all locations', () => {
    const form = initialPromotionForm();
    expect(form.type).toBe('percent_discount');
    expect(form.selection).toEqual({ is_all_procedures: true, selected_procedures: [] });
    expect(form.location_id).toBe('');
  });

  it('enables saving only with a name, a start and an end, and nothing busy', () => {
    const form = { ...initialPromotionForm(), name: 'Summer', start: '2026-12-01', end: '2026-12-31' };
    expect(canSavePromotion(form, false)).toBe(true);
    expect(canSavePromotion({ ...form, name: '  ' }, false)).toBe(false);
    expect(canSavePromotion({ ...form, end: '' }, false)).toBe(false);
    expect(canSavePromotion(form, true)).toBe(false);
  });

  it('sends days as ISO timestamps, terms null, and no amount for a free consultation', () => {
    const form = {
      ...initialPromotionForm(),
      name: ' Free consult week ',
      type: 'free_consultation' as const,
      amount: '25',
      start: '2026-12-01',
      end: '2026-12-07',
    };
    expect(promotionRequest(form)).toEqual({
      name: 'Free consult week',
      type: 'free_consultation',
      amount: null,
      location_id: null,
      selected_procedures: [],
      is_all_procedures: true,
      start: '2026-12-01T00:00:00.000Z',
      end: '2026-12-07T00:00:00.000Z',
      terms: null,
    });
  });

  it('edits a promotion with its values and its id', () => {
    const form = initialPromotionForm(
      aPromotion({
        promotion_id: 'promo-1',
        type: 'monetary_discount',
        amount: 50,
        is_all_procedures: false,
        selected_procedures: ['botox'],
        location_id: 'loc-a',
      }),
    );
    expect(form).toEqual(
      expect.objectContaining({ amount: '50', location_id: 'loc-a', start: '2026-11-01', end: '2026-12-31' }),
    );
    expect(promotionRequest(form)).toEqual(
      expect.objectContaining({ promotion_id: 'promo-1', amount: 50, selected_procedures: ['botox'] }),
    );
  });
});
