import { toErrorBody } from './exception.filter';

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
