import { useTranslate } from 'react-admin';
import type { FeePreview } from './consultationFees';
import { formatMoney } from './money';

/** A fee as shown: 'Free', the amount, or 'Not set'. */
export function useFeePreviewText() {
  const translate = useTranslate();
  return (preview: FeePreview) =>
    preview.kind === 'free'
      ? translate('pp.settings.pricing.fees.free')
      : preview.kind === 'fee'
        ? formatMoney(preview.fee, preview.currency)
        : translate('pp.settings.pricing.fees.not_set');
}
