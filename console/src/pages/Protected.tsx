import type { ReactNode } from 'react';
import { Authenticated } from 'react-admin';
import { VerifyingAuth } from './VerifyingAuth';

/**
 * A protected page: the token is checked with /users/me each time a page is opened (a revoked token sends the
 * next page to /login), with 'Verifying authentication...' until the first check answers.
 */
export function Protected({ children }: { children: ReactNode }) {
  return <Authenticated loading={<VerifyingAuth />}>{children}</Authenticated>;
}
