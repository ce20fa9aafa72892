import { Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The page is its own chunk: its tables, pickers and the pricing rules load when Pricing & Promotions opens,
 * not with the console's first route (docs/PERFORMANCE.md).
 */
const PricingPage = lazy(() => import('./PricingPage'));

/** Settings › Pricing & Promotions, as the settings registry renders it (`categories.tsx`). */
export function PricingSettings({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  return (
    <Suspense fallback={<Typography color="text.secondary">{translate('pp.common.loading')}</Typography>}>
      <PricingPage practiceId={practiceId} />
    </Suspense>
  );
}
