import { describeDomainException } from '../errors/exception.filter';
import { IdentityException } from './identity.exception';
import type { Identity } from './internal-token';
import { assertPracticeAccess, canAccessPractice, grantedPractices } from './ownership';

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

  it('notes the practices a request was granted, and only those', () => {
    const caller: Identity = { userId: 'user-2', practiceIds: ['practice-a', 'practice-c'] };
    expect(grantedPractices(caller)).toEqual([]);
    expect(canAccessPractice(caller, 'practice-b')).toBe(false);
    expect(grantedPractices(caller)).toEqual([]);
    assertPracticeAccess(caller, 'practice-c');
    canAccessPractice(caller, 'practice-a');
    canAccessPractice(caller, 'practice-c');
    expect(grantedPractices(caller)).toEqual(['practice-c', 'practice-a']);
    // Another request's identity (the same user) starts with none.
    expect(grantedPractices({ ...caller })).toEqual([]);
  });
});
