import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import StopCircleIcon from '@mui/icons-material/StopCircleOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { dayDate } from './format';
import { formatMoney } from './money';
import { pricingApi } from './pricingApi';
import {
  pricingKeys,
  usePracticeLocations,
  usePricingMutation,
  useProcedureSummary,
  usePromotions,
} from './pricingQueries';
import { promotionRequest, type PromotionForm } from './promotionForm';
import { PromotionFormCard } from './PromotionFormCard';
import { isMoneyType, isPercentType, matchesStatuses } from './promotionRules';
import { PROMOTION_STATUSES, type Promotion, type PromotionStatus } from './types';

const COLUMNS = ['name', 'scope', 'location', 'type', 'amount', 'dates', 'actions'] as const;
const STATUS_COLOR: Record<PromotionStatus, 'success' | 'info' | 'default'> = {
  current: 'success',
  scheduled: 'info',
  expired: 'default',
};

/** The Promotions tab (docs/product/settings.md#promotions). */
export function PromotionsTab({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.pricing.promotions.${key}`, options);
  const [statuses, setStatuses] = useState<PromotionStatus[]>([]);
  const [editing, setEditing] = useState<{ promotion: Promotion | null } | null>(null);
  const [ending, setEnding] = useState<Promotion | null>(null);
  const { data: promotions, isPending, isError } = usePromotions(practiceId);
  const { data: procedures } = useProcedureSummary(practiceId);
  const { locations } = usePracticeLocations(practiceId);
  // A promotion changes which procedures show a promotion.
  const refresh = [pricingKeys.promotions(practiceId), pricingKeys.summary(practiceId)];
  const save = usePricingMutation({
    action: 'promotion save',
    mutationFn: (form: PromotionForm) => pricingApi.savePromotion(practiceId, promotionRequest(form)),
    refresh,
    failureMessage: t('save_failed'),
    onSuccess: () => setEditing(null),
  });
  const end = usePricingMutation({
    action: 'promotion archive',
    mutationFn: (promotion: Promotion) => pricingApi.endPromotion(practiceId, promotion.promotion_id),
    refresh,
    failureMessage: t('end_failed'),
  });

  const all = promotions ?? [];
  const shown = all.filter((promotion) => matchesStatuses(promotion, statuses));
  const amountOf = (promotion: Promotion) => {
    if (promotion.amount === null || promotion.type === 'free_consultation') return '';
    if (isPercentType(promotion.type)) return `${promotion.amount}%`;
    return isMoneyType(promotion.type) ? formatMoney(promotion.amount) : String(promotion.amount);
  };
  const emptyText = () => {
    if (all.length === 0) return t('empty');
    const names = statuses.map((status) =>
      translate(`pp.settings.pricing.promotions.status.${status}`).toLowerCase(),
    );
    return t('empty_status', { status: names.join(` ${t('or')} `) });
  };

  return (
    <Stack spacing={2}>
      {editing ? (
        <PromotionFormCard
          key={editing.promotion?.promotion_id ?? 'new'}
          promotion={editing.promotion}
          procedures={procedures ?? []}
          locations={locations}
          busy={save.isPending}
          onSave={(form) => save.mutate(form)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ promotion: null })}>
            {t('new')}
          </Button>
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          value={statuses}
          onChange={(_, value: PromotionStatus[]) => setStatuses(value)}
          aria-label={t('filters')}
        >
          {PROMOTION_STATUSES.map((status) => (
            <ToggleButton key={status} value={status}>
              {translate(`pp.settings.pricing.promotions.status.${status}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button size="small" onClick={() => setStatuses([])} disabled={statuses.length === 0}>
          {t('show_all')}
        </Button>
      </Stack>
      {isError && <Alert severity="error">{t('load_failed')}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={translate('pp.settings.pricing.tabs.promotions')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>
                  {translate(`pp.settings.pricing.promotions.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                  {translate('pp.common.loading')}
                </TableCell>
              </TableRow>
            ) : shown.length === 0 && !isError ? (
              <TableRow>
                <TableCell
                  colSpan={COLUMNS.length}
                  sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}
                >
                  {emptyText()}
                </TableCell>
              </TableRow>
            ) : (
              shown.map((promotion) => (
                <TableRow key={promotion.promotion_id} data-testid={`promotion-${promotion.promotion_id}`}>
                  <TableCell component="th" scope="row">
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {promotion.name}
                      </Typography>
                      <Chip
                        size="small"
                        color={STATUS_COLOR[promotion.status]}
                        label={translate(`pp.settings.pricing.promotions.status.${promotion.status}`)}
                      />
                    </Stack>
                  </TableCell>
                  <TableCell>{promotion.scope}</TableCell>
                  <TableCell>{promotion.location_name ?? t('all_locations')}</TableCell>
                  <TableCell>{translate(`pp.settings.pricing.promotions.types.${promotion.type}`)}</TableCell>
                  <TableCell>{amountOf(promotion)}</TableCell>
                  <TableCell>
                    {t('dates', { start: dayDate(promotion.start), end: dayDate(promotion.end) })}
                  </TableCell>
                  <TableCell>
                    <Tooltip title={t('edit', { name: promotion.name })}>
                      <IconButton
                        size="small"
                        aria-label={t('edit', { name: promotion.name })}
                        onClick={() => setEditing({ promotion })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {promotion.status === 'current' && (
                      <Tooltip title={t('end_early', { name: promotion.name })}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={t('end_early', { name: promotion.name })}
                          onClick={() => setEnding(promotion)}
                          disabled={end.isPending}
                        >
                          <StopCircleIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Confirm
        isOpen={ending !== null}
        title="pp.settings.pricing.promotions.end_title"
        content="pp.settings.pricing.promotions.end_confirm"
        translateOptions={{ name: ending?.name ?? '' }}
        loading={end.isPending}
        onConfirm={() => {
          if (ending) end.mutate(ending);
          setEnding(null);
        }}
        onClose={() => setEnding(null)}
      />
    </Stack>
  );
}
