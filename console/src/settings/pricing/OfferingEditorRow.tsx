import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { CURRENCIES, PRICING_UNITS, type Currency, type PricingUnit } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { initialOfferingEditor, type OfferingEditor, type PriceFields } from './offeringPlan';
import type { LocationOption, ProcedureSummaryItem } from './types';

export const COLUMN_COUNT = 8;

/** Min, Max, Unit and Currency inputs of one target (All locations or a location). */
export function PriceInputs({
  fields,
  onChange,
  disabled,
  label,
}: {
  fields: PriceFields;
  onChange: (changes: Partial<PriceFields>) => void;
  disabled?: boolean;
  /** Names the inputs for assistive technology: 'Min (Downtown)'. */
  label?: string;
}) {
  const translate = useTranslate();
  const name = (key: string) => {
    const text = translate(`pp.settings.pricing.procedures.columns.${key}`);
    return label ? `${text} (${label})` : text;
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="number"
        label={name('min')}
        value={fields.min}
        disabled={disabled}
        onChange={(event) => onChange({ min: event.target.value })}
        slotProps={{ htmlInput: { min: 0, step: 'any' } }}
        sx={{ width: 110 }}
      />
      <TextField
        size="small"
        type="number"
        label={name('max')}
        value={fields.max}
        disabled={disabled}
        onChange={(event) => onChange({ max: event.target.value })}
        slotProps={{ htmlInput: { min: 0, step: 'any' } }}
        sx={{ width: 110 }}
      />
      <TextField
        select
        size="small"
        label={name('unit')}
        value={fields.unit}
        disabled={disabled}
        onChange={(event) => onChange({ unit: event.target.value as PricingUnit })}
        sx={{ width: 140 }}
      >
        {PRICING_UNITS.map((unit) => (
          <MenuItem key={unit} value={unit}>
            {unit}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={name('currency')}
        value={fields.currency}
        disabled={disabled}
        onChange={(event) => onChange({ currency: event.target.value as Currency })}
        sx={{ width: 110 }}
      >
        {CURRENCIES.map((currency) => (
          <MenuItem key={currency} value={currency}>
            {currency}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/**
 * The inline editor of one procedure (docs/product/settings.md#procedure-pricing): All locations or per
 * location; a location turned off ends its pricing when saved.
 */
export function OfferingEditorRow({
  item,
  locations,
  saving,
  onSave,
  onCancel,
}: {
  item: ProcedureSummaryItem;
  locations: readonly LocationOption[];
  saving: boolean;
  onSave: (editor: OfferingEditor) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [editor, setEditor] = useState(() => initialOfferingEditor(item, locations));
  const setLocation = (id: string, changes: Partial<OfferingEditor['locations'][string]>) =>
    setEditor((current) => ({
      ...current,
      locations: { ...current.locations, [id]: { ...current.locations[id], ...changes } },
    }));

  return (
    <TableRow data-testid={`offering-editor-${item.procedure_id}`}>
      <TableCell colSpan={COLUMN_COUNT}>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            onSave(editor);
          }}
          aria-label={translate('pp.settings.pricing.procedures.edit', { name: item.procedure_name })}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, py: 1 }}
        >
          <Typography variant="subtitle2">{item.procedure_name}</Typography>
          <RadioGroup
            row
            value={editor.mode}
            onChange={(event) =>
              setEditor((current) => ({ ...current, mode: event.target.value as OfferingEditor['mode'] }))
            }
          >
            <FormControlLabel
              value="all"
              control={<Radio size="small" />}
              label={translate('pp.settings.pricing.procedures.all_locations')}
            />
            <FormControlLabel
              value="locations"
              control={<Radio size="small" />}
              label={translate('pp.settings.pricing.procedures.per_location')}
              disabled={locations.length === 0}
            />
          </RadioGroup>
          {editor.mode === 'all' ? (
            <PriceInputs
              fields={editor.all}
              onChange={(changes) =>
                setEditor((current) => ({ ...current, all: { ...current.all, ...changes } }))
              }
            />
          ) : (
            locations.map((location) => {
              const fields = editor.locations[location.location_id];
              if (!fields) return null;
              return (
                <Stack key={location.location_id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <FormControlLabel
                    sx={{ width: 200 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={fields.offered}
                        onChange={(event) =>
                          setLocation(location.location_id, { offered: event.target.checked })
                        }
                      />
                    }
                    label={location.name}
                  />
                  <PriceInputs
                    fields={fields}
                    disabled={!fields.offered}
                    label={location.name}
                    onChange={(changes) => setLocation(location.location_id, changes)}
                  />
                </Stack>
              );
            })
          )}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" size="small" disabled={saving}>
              {translate('ra.action.save')}
            </Button>
            <Button size="small" onClick={onCancel} disabled={saving}>
              {translate('ra.action.cancel')}
            </Button>
          </Stack>
        </Box>
      </TableCell>
    </TableRow>
  );
}
