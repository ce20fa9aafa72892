import type { ReactNode } from 'react';
import { Authenticated } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { VerifyingAuth } from './VerifyingAuth';

/**
 * A protected page: the token is checked with /users/me when an area is opened (a token revoked server-side
 * sends the next page to /login), with 'Verifying authentication...' until the first check answers. The check
 * is keyed by area: moving from Leads to Calendar checks again, even though React keeps this component mounted.
 */
export function Protected({ children }: { children: ReactNode }) {
  const area = useLocation().pathname.split('/')[1] ?? '';
  return (
    <Authenticated authParams={{ area }} loading={<VerifyingAuth />}>
      {children}
    </Authenticated>
  );
}
