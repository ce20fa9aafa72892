import { databaseInputProblem, toErrorBody } from './exception.filter';
import { InputMessages } from './input-rules';

describe('toErrorBody', () => {
  it('keeps a plain message as the detail', () => {
    expect(toErrorBody(404, 'Person not found')).toEqual({ detail: 'Person not found' });
  });

  it('joins the messages of a validation error', () => {
    expect(toErrorBody(400, { message: ['name must be a string', 'phone is invalid'] })).toEqual({
      detail: 'name must be a string; phone is invalid',
    });
  });

  it('uses the Nest message of a built-in exception', () => {
    expect(toErrorBody(401, { statusCode: 401, message: 'Could not validate credentials' })).toEqual({
      detail: 'Could not validate credentials',
    });
  });

  it('adds a detail to a structured body such as a health report', () => {
    expect(toErrorBody(503, { status: 'error', info: {} })).toEqual({
      detail: 'Service unavailable',
      status: 'error',
      info: {},
    });
  });
});

describe('databaseInputProblem', () => {
  it('maps PostgreSQL refusals of request text and dates to a message, and nothing else', () => {
    expect(databaseInputProblem('22021')).toBe(InputMessages.nul);
    expect(databaseInputProblem('22P05')).toBe(InputMessages.nul);
    expect(databaseInputProblem('22008')).toBe('Invalid date or time');
    expect(databaseInputProblem('23505')).toBeNull();
    expect(databaseInputProblem(undefined)).toBeNull();
  });
});
