import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OAUTH_FAILED } from '@pp/contracts';

/**
 * Returning from a provider with ?error=oauth_failed shows a dismissible banner, and the query is then removed
 * from the address (so a reload or a bookmark does not show it again). Returns [shown, dismiss].
 */
export function useOAuthFailedBanner(): [boolean, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [shown, setShown] = useState(() => searchParams.get('error') === OAUTH_FAILED);
  useEffect(() => {
    if (searchParams.get('error') !== OAUTH_FAILED) return;
    setShown(true);
    const rest = new URLSearchParams(searchParams);
    rest.delete('error');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);
  return [shown, () => setShown(false)];
}
