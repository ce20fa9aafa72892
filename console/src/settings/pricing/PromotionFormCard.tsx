import {
  Button,
  Card,
  CardContent,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PROMOTION_TYPES, buildProcedureTree, type PromotionType } from '@pp/contracts';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { dayDate } from './format';
import { formatMoney, parseAmount } from './money';
import { ProcedureTreeSelect } from './ProcedureTreeSelect';
import { canSavePromotion, initialPromotionForm, type PromotionForm } from './promotionForm';
import { amountKind, firstNames } from './promotionRules';
import type { LocationOption, ProcedureSummaryItem, Promotion } from './types';

/**
 * The New Promotion (or edit) form (docs/product/settings.md#promotions): Name, Type, Percent/Amount/Benefit,
 * Location, Applies to, Duration and a live Preview sentence.
 */
export function PromotionFormCard({
  promotion,
  procedures,
  locations,
  busy,
  onSave,
  onCancel,
}: {
  promotion: Promotion | null;
  procedures: readonly ProcedureSummaryItem[];
  locations: readonly LocationOption[];
  busy: boolean;
  onSave: (form: PromotionForm) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [form, setForm] = useState<PromotionForm>(() => initialPromotionForm(promotion));
  const tree = useMemo(() => buildProcedureTree(procedures), [procedures]);
  const set = <K extends keyof PromotionForm>(key: K, value: PromotionForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const kind = amountKind(form.type);
  const t = (key: string, options?: object) => translate(`pp.settings.pricing.promotions.${key}`, options);

  const preview = () => {
    const amount = parseAmount(form.amount);
    const amountText = amount === null ? '…' : kind === 'amount' ? formatMoney(amount) : String(amount);
    const benefit = translate(`pp.settings.pricing.promotions.preview_benefit.${form.type}`, {
      amount: amountText,
    });
    const names = tree
      .flatMap((node) => [node, ...node.children])
      .filter((node) => form.selection.selected_procedures.includes(node.procedure_id))
      .map((node) => node.name);
    const { shown, more } = firstNames(names);
    const procedureText =
      form.selection.is_all_procedures || names.length === 0
        ? t('preview_on_all')
        : t('preview_on', {
            procedures:
              shown.join(', ') +
              (more > 0 ? ` ${translate('pp.settings.pricing.procedures.more', { count: more })}` : ''),
          });
    const location =
      locations.find((candidate) => candidate.location_id === form.location_id)?.name ??
      t('preview_all_locations');
    const dates =
      form.start && form.end
        ? t('preview_dates', { start: dayDate(form.start), end: dayDate(form.end) })
        : '';
    return t('preview_sentence', { benefit, procedures: procedureText, location, dates });
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          component="form"
          spacing={2}
          aria-label={t(promotion ? 'edit_title' : 'new')}
          onSubmit={(event) => {
            event.preventDefault();
            if (canSavePromotion(form, busy)) onSave(form);
          }}
        >
          <Typography variant="subtitle1" component="h2">
            {t(promotion ? 'edit_title' : 'new')}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={t('name')}
              placeholder={t('name_placeholder')}
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              required
              sx={{ width: 320, maxWidth: '100%' }}
            />
            <TextField
              select
              size="small"
              label={t('type')}
              value={form.type}
              onChange={(event) => set('type', event.target.value as PromotionType)}
              sx={{ width: 230 }}
            >
              {PROMOTION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`pp.settings.pricing.promotions.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            {kind === 'benefit' ? (
              <TextField
                size="small"
                label={t('benefit')}
                value={t('waives_fee')}
                disabled
                sx={{ width: 220 }}
              />
            ) : (
              <TextField
                size="small"
                type="number"
                label={t(kind)}
                value={form.amount}
                onChange={(event) => set('amount', event.target.value)}
                slotProps={{
                  htmlInput: { min: 0, step: 'any', max: kind === 'percent' ? 100 : undefined },
                  input:
                    kind === 'percent'
                      ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
                      : { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
                sx={{ width: 150 }}
              />
            )}
            <TextField
              select
              size="small"
              label={t('location')}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              value={form.location_id}
              onChange={(event) => set('location_id', event.target.value)}
              sx={{ width: 200 }}
            >
              <MenuItem value="">{t('all_locations')}</MenuItem>
              {locations.map((location) => (
                <MenuItem key={location.location_id} value={location.location_id}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
            <ProcedureTreeSelect
              tree={tree}
              selection={form.selection}
              onChange={(selection) => set('selection', selection)}
            />
            <Stack spacing={0.5}>
              <Typography variant="body2" color="text.secondary">
                {t('duration')}
              </Typography>
              <Stack direction="row" spacing={1}>
                <TextField
                  size="small"
                  type="date"
                  label={t('start')}
                  value={form.start}
                  onChange={(event) => set('start', event.target.value)}
                  required
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: form.end || undefined } }}
                />
                <TextField
                  size="small"
                  type="date"
                  label={t('end')}
                  value={form.end}
                  onChange={(event) => set('end', event.target.value)}
                  required
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: form.start || undefined } }}
                />
              </Stack>
            </Stack>
          </Stack>
          <div>
            <Typography variant="body2" color="text.secondary">
              {t('preview')}
            </Typography>
            <Typography data-testid="promotion-preview">{preview()}</Typography>
          </div>
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={!canSavePromotion(form, busy)}>
              {promotion ? translate('ra.action.save') : t('add')}
            </Button>
            <Button onClick={onCancel} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
