import {
  Alert,
  Button,
  Checkbox,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { CURRENCIES, type Currency } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import {
  changeRow,
  checkFeeEditor,
  initialFeeEditor,
  rowPreview,
  setUseAll,
  type FeeRow,
} from './consultationFees';
import type { SaveFeeRequest } from './types';
import { useFeePreviewText } from './useFeeText';
import type { LocationOption, Modality, ModalityFees } from './types';

const COLUMNS = ['location', 'fee', 'currency', 'free', 'preview'] as const;

/**
 * The consultation fee editor of one modality (docs/product/settings.md#consultation-fees): an 'All' row, then
 * each location; Free disables fee and currency; location rows are disabled while All is selected.
 */
export function FeeEditor({
  modality,
  fees,
  locations,
  saving,
  stopping,
  onSave,
  onCancel,
  onStop,
}: {
  modality: Modality;
  fees: ModalityFees | null | undefined;
  locations: readonly LocationOption[];
  saving: boolean;
  stopping: boolean;
  onSave: (requests: SaveFeeRequest[]) => void;
  onCancel: () => void;
  onStop: (() => void) | null;
}) {
  const translate = useTranslate();
  const previewText = useFeePreviewText();
  const [editor, setEditor] = useState(() => initialFeeEditor(fees, locations));
  // Rows refused on Save ('all' or location ids), or nothing left to send.
  const [required, setRequired] = useState<readonly string[]>([]);
  const [nothing, setNothing] = useState(false);
  const submit = () => {
    const check = checkFeeEditor(editor, fees, modality);
    setRequired(check.kind === 'required' ? check.rows : []);
    setNothing(check.kind === 'nothing');
    if (check.kind === 'required') setEditor(check.editor);
    if (check.kind === 'save') onSave(check.requests);
  };
  const edited = (key: string) => {
    setNothing(false);
    setRequired((rows) => rows.filter((row) => row !== key));
  };
  const modalityName = translate(`pp.settings.pricing.fees.modalities.${modality}`);

  const row = (
    key: string,
    name: string,
    value: FeeRow,
    disabled: boolean,
    change: (row: FeeRow) => void,
    allBox?: boolean,
  ) => {
    const onChange = (next: FeeRow) => {
      edited(key);
      change(next);
    };
    return (
      <TableRow key={key} data-testid={`fee-row-${key}`}>
        <TableCell>
          {allBox ? (
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <Checkbox
                size="small"
                checked={editor.useAll}
                onChange={(event) => {
                  setRequired([]);
                  setNothing(false);
                  setEditor((current) => setUseAll(current, event.target.checked));
                }}
                slotProps={{ input: { 'aria-label': name } }}
              />
              {name}
            </Stack>
          ) : (
            name
          )}
        </TableCell>
        <TableCell>
          <TextField
            size="small"
            type="number"
            value={value.fee}
            error={required.includes(key)}
            disabled={disabled || value.isFree}
            onChange={(event) => onChange(changeRow(value, { fee: event.target.value }))}
            slotProps={{
              htmlInput: {
                min: 0,
                step: 'any',
                'aria-label': `${translate('pp.settings.pricing.fees.columns.fee')} (${name})`,
              },
            }}
            sx={{ width: 120 }}
          />
        </TableCell>
        <TableCell>
          <TextField
            select
            size="small"
            value={value.currency}
            disabled={disabled || value.isFree}
            onChange={(event) => onChange(changeRow(value, { currency: event.target.value as Currency }))}
            slotProps={{
              htmlInput: {
                'aria-label': `${translate('pp.settings.pricing.fees.columns.currency')} (${name})`,
              },
            }}
            sx={{ width: 100 }}
          >
            {CURRENCIES.map((currency) => (
              <MenuItem key={currency} value={currency}>
                {currency}
              </MenuItem>
            ))}
          </TextField>
        </TableCell>
        <TableCell>
          <Checkbox
            size="small"
            checked={value.isFree}
            disabled={disabled}
            onChange={(event) => onChange(changeRow(value, { isFree: event.target.checked }))}
            slotProps={{
              input: { 'aria-label': `${translate('pp.settings.pricing.fees.columns.free')} (${name})` },
            }}
          />
        </TableCell>
        <TableCell data-testid={`fee-preview-${key}`}>{previewText(rowPreview(value))}</TableCell>
      </TableRow>
    );
  };

  return (
    <Stack
      spacing={2}
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label={modalityName}
    >
      <Typography variant="subtitle1" component="h2">
        {modalityName}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`pp.settings.pricing.fees.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {row(
            'all',
            translate('pp.settings.pricing.fees.all'),
            editor.all,
            !editor.useAll,
            (all) => setEditor((current) => ({ ...current, all })),
            true,
          )}
          {locations.map((location) =>
            row(
              location.location_id,
              location.name,
              editor.locations[location.location_id] ?? { fee: '', currency: 'USD', isFree: false },
              editor.useAll,
              (value) =>
                setEditor((current) => ({
                  ...current,
                  locations: { ...current.locations, [location.location_id]: value },
                })),
            ),
          )}
        </TableBody>
      </Table>
      {required.length > 0 && (
        <Alert severity="error">{translate('pp.settings.pricing.fees.fee_required')}</Alert>
      )}
      {nothing && <Alert severity="warning">{translate('pp.settings.pricing.fees.nothing_to_save')}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={saving || stopping}>
          {translate('ra.action.save')}
        </Button>
        <Button onClick={onCancel} disabled={saving || stopping}>
          {translate('ra.action.cancel')}
        </Button>
        {onStop && (
          <Button color="error" onClick={onStop} disabled={saving || stopping} sx={{ ml: 'auto !important' }}>
            {translate('pp.settings.pricing.fees.stop', { modality: modalityName })}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
