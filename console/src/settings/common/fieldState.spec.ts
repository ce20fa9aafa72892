import { fieldReducer, initialFieldState, planCommit } from './fieldState';

const required = (value: string) => (value ? null : 'Location name is required');

describe('the settings field rule', () => {
  it('saves a changed draft, trimmed', () => {
    const state = fieldReducer(initialFieldState('Uptown'), { type: 'change', draft: ' Downtown ' });
    expect(planCommit(state, { validate: required })).toEqual({ kind: 'save', value: 'Downtown' });
  });

  it('saves nothing for an unchanged draft', () => {
    const state = fieldReducer(initialFieldState('Uptown'), { type: 'change', draft: 'Uptown ' });
    expect(planCommit(state)).toEqual({ kind: 'skip' });
  });

  it('refuses an empty required field with its message, kept under the field', () => {
    let state = fieldReducer(initialFieldState('Uptown'), { type: 'change', draft: '  ' });
    const plan = planCommit(state, { validate: required });
    expect(plan).toEqual({ kind: 'invalid', message: 'Location name is required' });
    state = fieldReducer(state, { type: 'invalid', message: 'Location name is required' });
    expect(state).toMatchObject({ draft: '  ', status: 'invalid', message: 'Location name is required' });
    expect(fieldReducer(state, { type: 'change', draft: 'U' })).toMatchObject({
      status: 'idle',
      message: null,
    });
  });

  it('saves the form toSave gives (a formatted phone)', () => {
    const state = fieldReducer(initialFieldState(''), { type: 'change', draft: '5551234567' });
    expect(planCommit(state, { toSave: () => '(555) 123-4567' })).toEqual({
      kind: 'save',
      value: '(555) 123-4567',
    });
  });

  it('does not commit again while saving (Enter, then the blur that follows)', () => {
    const state = fieldReducer(initialFieldState('a'), { type: 'saving', value: 'b' });
    expect(planCommit(state)).toEqual({ kind: 'skip' });
  });

  it('after a save the saved value is the baseline; saved settles back to idle', () => {
    let state = fieldReducer(initialFieldState('a'), { type: 'saving', value: 'b' });
    state = fieldReducer(state, { type: 'saved', value: 'b' });
    expect(state).toMatchObject({ draft: 'b', baseline: 'b', status: 'saved' });
    expect(planCommit(state)).toEqual({ kind: 'skip' });
    expect(fieldReducer(state, { type: 'settle' }).status).toBe('idle');
  });

  it('a failed save keeps the draft with the message', () => {
    let state = fieldReducer(initialFieldState('a'), { type: 'saving', value: 'b' });
    state = fieldReducer(state, { type: 'failed', message: 'Failed to save. Please try again.' });
    expect(state).toMatchObject({ draft: 'b', baseline: 'a', status: 'failed' });
  });

  it('Escape puts the saved value back', () => {
    const state = fieldReducer(initialFieldState('a'), { type: 'change', draft: 'zzz' });
    expect(fieldReducer(state, { type: 'cancel' })).toMatchObject({ draft: 'a', status: 'idle' });
  });

  it('a new server value shows unless the user is editing', () => {
    expect(fieldReducer(initialFieldState('a'), { type: 'reset', value: 'b' }).draft).toBe('b');
    const editing = fieldReducer(initialFieldState('a'), { type: 'change', draft: 'mine' });
    expect(fieldReducer(editing, { type: 'reset', value: 'b' })).toMatchObject({
      draft: 'mine',
      baseline: 'b',
    });
  });
});
