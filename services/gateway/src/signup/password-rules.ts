/** The shortest and longest password accepted at sign-up (argon2 hashes any length; the cap bounds its cost). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/**
 * Why a new password is refused, or null (docs/decisions/0037-sign-up.md): 10 to 128 characters with a letter and
 * a digit, not the e-mail address or its name part, and not one character repeated.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (
    length < PASSWORD_MIN ||
    length > PASSWORD_MAX ||
    !/\p{L}/u.test(password) ||
    !/\p{N}/u.test(password)
  ) {
    return SignupPasswordMessage;
  }
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const name = address.split('@')[0] ?? '';
  if (lower === address || (name.length >= 4 && lower.includes(name))) {
    return 'The password must not contain your email address.';
  }
  if (new Set(lower).size < 4) return 'The password is too easy to guess: use more different characters.';
  return null;
}

export const SignupPasswordMessage = 'The password needs at least 10 characters, with a letter and a number.';
