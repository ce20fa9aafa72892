import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { SectionBoundary } from '../../common/SectionBoundary';
import { ConsultationFeesTab } from './ConsultationFeesTab';
import { ProcedurePricingTab } from './ProcedurePricingTab';
import { PromotionsTab } from './PromotionsTab';

export const PRICING_TABS = ['pricing', 'consult', 'promotions'] as const;
export type PricingTab = (typeof PRICING_TABS)[number];

/** The tab in `?tab=`: pricing (default), consult or promotions; other values are ignored. */
export const tabOf = (value: string | null): PricingTab =>
  PRICING_TABS.includes(value as PricingTab) ? (value as PricingTab) : 'pricing';

/** Settings › Pricing & Promotions (docs/product/settings.md#pricing), loaded on demand by PricingSettings. */
export default function PricingPage({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const choose = (next: PricingTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h2">
        {translate('pp.settings.pricing.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: PricingTab) => choose(value)}
        aria-label={translate('pp.settings.pricing.title')}
      >
        {PRICING_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={translate(`pp.settings.pricing.tabs.${value}`)}
            id={`pricing-tab-${value}`}
            aria-controls={`pricing-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`pricing-panel-${tab}`} aria-labelledby={`pricing-tab-${tab}`}>
        <SectionBoundary name={`pricing-${tab}`} resetKey={tab}>
          {tab === 'pricing' && <ProcedurePricingTab practiceId={practiceId} />}
          {tab === 'consult' && <ConsultationFeesTab practiceId={practiceId} />}
          {tab === 'promotions' && <PromotionsTab practiceId={practiceId} />}
        </SectionBoundary>
      </Box>
    </Box>
  );
}
