import { HttpError } from 'react-admin';
import { failureText, serverDetail } from './errorText';

describe('the reason a failure is shown with', () => {
  it("is the server's detail, from the answer's body or carried on", () => {
    expect(serverDetail(new HttpError('x', 409, { detail: 'Another appointment is already booked' }))).toBe(
      'Another appointment is already booked',
    );
    expect(serverDetail(new HttpError('x', 422, { detail: [{ msg: 'name is too long' }] }))).toBe(
      'name is too long',
    );
    expect(
      serverDetail(Object.assign(new Error('Failed to fetch appointments'), { detail: 'Bad gateway' })),
    ).toBe('Bad gateway');
  });

  it('is nothing without one: no body, an empty detail, a network failure', () => {
    expect(serverDetail(new HttpError('Internal Server Error', 500, null))).toBeNull();
    expect(serverDetail(new HttpError('x', 500, { detail: '  ' }))).toBeNull();
    expect(serverDetail(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverDetail(null)).toBeNull();
  });

  it("falls back to the product's words", () => {
    expect(failureText(new TypeError('Failed to fetch'), 'Failed to save. Please try again.')).toBe(
      'Failed to save. Please try again.',
    );
    expect(failureText(new HttpError('x', 422, { detail: 'Enter a valid URL' }), 'Failed to save.')).toBe(
      'Enter a valid URL',
    );
  });
});
