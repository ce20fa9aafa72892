import {
  initialInlineState,
  inlineReducer,
  planSave,
  successMessage,
  type InlineAction,
  type InlineFieldState,
} from './inlineFieldState';

const run = (actions: InlineAction[], from: InlineFieldState = initialInlineState) =>
  actions.reduce(inlineReducer, from);

describe('planSave', () => {
  it('skips a save when the value is unchanged', () => {
    expect(planSave('first_name', 'Sofia', 'Sofia')).toEqual({ kind: 'skip' });
    expect(planSave('first_name', ' sofia ', 'Sofia')).toEqual({ kind: 'skip' });
    expect(planSave('primary_email', 'a@b.co', 'a@b.co')).toEqual({ kind: 'skip' });
    expect(planSave('primary_email', '', null)).toEqual({ kind: 'skip' });
  });

  it('skips a phone typed differently with the same digits', () => {
    expect(planSave('primary_phone', '(214) 555-0131', '+12145550131')).toEqual({ kind: 'skip' });
  });

  it('gives the spec messages for invalid values', () => {
    expect(planSave('first_name', '  ', 'Sofia')).toEqual({
      kind: 'invalid',
      message: 'First name is required',
    });
    expect(planSave('last_name', '', 'Marquez')).toEqual({
      kind: 'invalid',
      message: 'Last name is required',
    });
    expect(planSave('primary_phone', '555-1234', null)).toEqual({
      kind: 'invalid',
      message: 'Please enter a valid 10-digit phone number',
    });
    expect(planSave('primary_email', 'sofia@mail', null)).toEqual({
      kind: 'invalid',
      message: 'Please enter a valid email address',
    });
  });

  it('capitalises names per word and sends the phone as typed', () => {
    expect(planSave('last_name', 'de la cruz', 'Marquez')).toEqual({ kind: 'save', value: 'De La Cruz' });
    expect(planSave('primary_phone', ' 469 555 0100 ', '+12145550131')).toEqual({
      kind: 'save',
      value: '469 555 0100',
    });
  });

  it('sends null when an optional field is emptied', () => {
    expect(planSave('primary_phone', '  ', '+12145550131')).toEqual({ kind: 'save', value: null });
  });
});

describe('inlineReducer', () => {
  it('goes idle → editing → saving → valid with the success text → idle', () => {
    const editing = run([{ type: 'edit', value: 'Sofia' }]);
    expect(editing).toMatchObject({ editing: true, draft: 'Sofia', status: 'idle' });
    const saving = run([{ type: 'change', field: 'first_name', draft: 'ana' }, { type: 'saving' }], editing);
    expect(saving).toMatchObject({ editing: false, draft: 'Ana', status: 'saving' });
    const valid = inlineReducer(saving, { type: 'saved', message: successMessage('first_name') });
    expect(valid).toMatchObject({ status: 'valid', message: 'First name saved successfully' });
    expect(inlineReducer(valid, { type: 'settle' })).toMatchObject({ status: 'idle', message: null });
  });

  it('keeps the input open with the message when invalid, and clears it on typing', () => {
    const invalid = run([
      { type: 'edit', value: '' },
      { type: 'invalid', message: 'Please enter a valid 10-digit phone number' },
    ]);
    expect(invalid).toMatchObject({
      editing: true,
      status: 'invalid',
      message: 'Please enter a valid 10-digit phone number',
    });
    expect(inlineReducer(invalid, { type: 'change', field: 'primary_phone', draft: '2' })).toMatchObject({
      status: 'idle',
      message: null,
    });
  });

  it('closes without saving on cancel or when nothing changed', () => {
    expect(run([{ type: 'edit', value: 'x' }, { type: 'cancel' }])).toMatchObject({
      editing: false,
      status: 'idle',
    });
    expect(run([{ type: 'edit', value: 'x' }, { type: 'skip' }])).toMatchObject({
      editing: false,
      status: 'idle',
    });
  });

  it('does not reopen the input while saving, and settling only ends a success', () => {
    const saving = run([{ type: 'edit', value: 'x' }, { type: 'saving' }]);
    expect(inlineReducer(saving, { type: 'edit', value: 'y' })).toBe(saving);
    expect(inlineReducer(saving, { type: 'settle' })).toBe(saving);
  });

  it('names the field in each success text', () => {
    expect(successMessage('last_name')).toBe('Last name saved successfully');
    expect(successMessage('primary_phone')).toBe('Phone saved successfully');
    expect(successMessage('primary_email')).toBe('Email saved successfully');
  });
});
