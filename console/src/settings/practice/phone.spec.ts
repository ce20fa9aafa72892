import { formatPhoneAsTyped, phoneProblem, phoneToSave } from './phone';

describe('formatPhoneAsTyped', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['+1 555 123 4567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhoneAsTyped(input)).toBe(expected);
  });
});

describe('phoneProblem', () => {
  it.each(['', '(555) 123-4567', '+1 555 123 4567'])('accepts %j', (value) =>
    expect(phoneProblem(value)).toBeNull(),
  );
  it.each(['(555) 123-45', '555-CALL-NOW'])('refuses %j', (value) =>
    expect(phoneProblem(value)).toBe('Please enter a valid 10-digit phone number'),
  );
});

describe('phoneToSave', () => {
  it('saves the display form, or an empty phone', () => {
    expect(phoneToSave('555.123.4567')).toBe('(555) 123-4567');
    expect(phoneToSave('  ')).toBe('');
  });
});
