import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { Box, Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { firstNames } from './promotionRules';

/**
 * The Promotion column: a chip when promotions are active for the procedure; its tooltip lists at most 3 of
 * them, then '+N more' (docs/product/settings.md#promotions).
 */
export function PromotionChip({ names, hasPromotion }: { names: readonly string[]; hasPromotion: boolean }) {
  const translate = useTranslate();
  if (names.length === 0 && !hasPromotion) return null;
  const { shown, more } = firstNames(names);
  const title =
    shown.length > 0 ? (
      <Box>
        {shown.map((name) => (
          <div key={name}>{name}</div>
        ))}
        {more > 0 && <div>{translate('pp.settings.pricing.procedures.more', { count: more })}</div>}
      </Box>
    ) : (
      ''
    );
  return (
    <Tooltip title={title} describeChild>
      <Chip
        size="small"
        color="secondary"
        variant="outlined"
        icon={<LocalOfferIcon />}
        label={translate('pp.settings.pricing.procedures.promotion_badge')}
        tabIndex={0}
      />
    </Tooltip>
  );
}
