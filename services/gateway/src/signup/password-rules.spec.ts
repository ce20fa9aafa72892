import { passwordProblem, SignupPasswordMessage } from './password-rules';

describe('passwordProblem', () => {
  const email = 'maria.lopez@clinic.example';

  it('accepts 10 to 128 characters with a letter and a digit', () => {
    expect(passwordProblem('sunrise-clinic-42', email)).toBeNull();
    expect(passwordProblem('Ünïcødé-pässwörd-7', email)).toBeNull();
    expect(passwordProblem(`a1${'bcdefgh'.repeat(18)}`, email)).toBeNull();
  });

  it('refuses one too short, too long, or without a letter or a digit', () => {
    expect(passwordProblem('short-1a', email)).toBe(SignupPasswordMessage);
    expect(passwordProblem(`a1${'x'.repeat(127)}`, email)).toBe(SignupPasswordMessage);
    expect(passwordProblem('only-letters-here', email)).toBe(SignupPasswordMessage);
    expect(passwordProblem('1234567890123', email)).toBe(SignupPasswordMessage);
  });

  it('refuses the e-mail address or its name in the password', () => {
    expect(passwordProblem('Maria.Lopez2024!', email)).toBe(
      'The password must not contain your email address.',
    );
    expect(passwordProblem('maria.lopez7@clinic.example', 'maria.lopez7@clinic.example')).toBe(
      'The password must not contain your email address.',
    );
  });

  it('refuses a repeated character or two', () => {
    expect(passwordProblem('aaaaaaaaaa1', email)).toBe(
      'The password is too easy to guess: use more different characters.',
    );
    expect(passwordProblem('a1a1a1a1a1a1', email)).toBe(
      'The password is too easy to guess: use more different characters.',
    );
  });
});
