import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// Verified against when the email is unknown, so that both paths take the same time.
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    if (!hash) {
      decoy ??= hashPassword('decoy-password-for-unknown-accounts');
      await argon2.verify(await decoy, password);
      return false;
    }
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
