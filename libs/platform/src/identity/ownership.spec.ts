import { describeDomainException } from '../errors/exception.filter';
import { IdentityException } from './identity.exception';
import type { Identity } from './internal-token';
import { assertPracticeAccess, canAccessPractice } from './ownership';

const identity: Identity = { userId: 'user-1', practiceIds: ['practice-a'] };

describe('practice ownership', () => {
  it("answers a practice that is not the caller's as 404 'Practice not found', never 403", () => {
    for (const practiceId of ['practice-b', null, undefined, '']) {
      let thrown: unknown;
      try {
        assertPracticeAccess(identity, practiceId);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(IdentityException);
      expect(describeDomainException(thrown)).toEqual({
        status: 404,
        body: { detail: 'Practice not found' },
      });
    }
  });

  it("returns the caller's own practice id", () => {
    expect(assertPracticeAccess(identity, 'practice-a')).toBe('practice-a');
    expect(canAccessPractice(identity, 'practice-b')).toBe(false);
  });

  it("answers a missing identity as 401 'Not authenticated'", () => {
    expect(describeDomainException(IdentityException.notAuthenticated())).toEqual({
      status: 401,
      body: { detail: 'Not authenticated' },
    });
  });
});
