import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  MenuItem,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  allAdded,
  canSaveNewPricing,
  parentChoices,
  parentFromText,
  procedureChoices,
  type ParentChoice,
  type ProcedureChoice,
} from './addPricing';
import { COLUMN_COUNT, PriceInputs } from './OfferingEditorRow';
import { EMPTY_PRICE, pricesOf, type PriceFields } from './offeringPlan';
import { useProcedureSearch } from './pricingQueries';
import type { CreateOfferingRequest, LocationOption } from './types';

export interface NewPricing {
  procedure: ProcedureChoice;
  parent: ParentChoice | null;
  request: Omit<CreateOfferingRequest, 'procedure_id' | 'procedure_name' | 'parent_id'>;
}

/** The Add Pricing row (docs/product/settings.md#add-pricing). */
export function AddPricingRow({
  practiceId,
  addedIds,
  parents,
  locations,
  saving,
  onSave,
}: {
  practiceId: string;
  addedIds: ReadonlySet<string>;
  parents: readonly { procedure_id: string; name: string }[];
  locations: readonly LocationOption[];
  saving: boolean;
  onSave: (pricing: NewPricing) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [procedure, setProcedure] = useState<ProcedureChoice | null>(null);
  const [parentText, setParentText] = useState('');
  const [parent, setParent] = useState<ParentChoice | null>(null);
  const [locationId, setLocationId] = useState('');
  const [fields, setFields] = useState<PriceFields>(EMPTY_PRICE);
  const { results, searching } = useProcedureSearch(practiceId, text, open);
  const choices = useMemo(() => procedureChoices(results, text, addedIds), [results, text, addedIds]);
  const parentOptions = useMemo(
    () => parentChoices(parents, parentText, procedure),
    [parents, parentText, procedure],
  );

  const reset = () => {
    setText('');
    setProcedure(null);
    setParentText('');
    setParent(null);
    setLocationId('');
    setFields(EMPTY_PRICE);
  };

  if (!open) {
    return (
      <TableRow>
        <TableCell colSpan={COLUMN_COUNT}>
          <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
            {translate('pp.settings.pricing.add.button')}
          </Button>
        </TableCell>
      </TableRow>
    );
  }

  // Typed text that names a procedure found (ignoring case) is that procedure, not a new one.
  const chosen: ProcedureChoice | null =
    procedure?.kind === 'new'
      ? (choices.find(
          (choice) =>
            choice.kind === 'existing' && choice.name.toLowerCase() === procedure.name.toLowerCase(),
        ) ?? procedure)
      : procedure;
  const canSave = canSaveNewPricing({ practiceId, procedure: chosen, loading: saving || searching });
  const save = async () => {
    if (!chosen || !canSave) return;
    const done = await onSave({
      procedure: chosen,
      parent,
      request: {
        location_id: locationId || null,
        is_offered: true,
        ...pricesOf(fields),
      },
    });
    if (done) {
      reset();
      setOpen(false);
    }
  };
  const labelOf = (choice: ProcedureChoice | ParentChoice | string) =>
    typeof choice === 'string' ? choice : choice.name;

  return (
    <TableRow data-testid="add-pricing">
      <TableCell colSpan={COLUMN_COUNT}>
        <Box
          component="form"
          aria-label={translate('pp.settings.pricing.add.button')}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, py: 1 }}
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Autocomplete<ProcedureChoice, false, false, true>
              freeSolo
              sx={{ width: 300 }}
              options={choices}
              filterOptions={(options) => options}
              value={procedure}
              inputValue={text}
              loading={searching}
              loadingText={translate('pp.settings.pricing.add.searching')}
              getOptionLabel={labelOf}
              getOptionDisabled={(option) => option.kind === 'existing' && option.added}
              isOptionEqualToValue={(option, value) =>
                option.kind === value.kind &&
                (option.kind === 'new' ||
                  option.procedure_id === (value as { procedure_id: string }).procedure_id)
              }
              onInputChange={(_, value, reason) => {
                if (reason === 'reset') return;
                setText(value);
                setProcedure(value.trim() ? { kind: 'new', name: value.trim() } : null);
              }}
              onChange={(_, value) => {
                if (typeof value === 'string') {
                  setProcedure(value.trim() ? { kind: 'new', name: value.trim() } : null);
                } else {
                  setProcedure(value);
                  setText(value?.name ?? '');
                }
              }}
              renderOption={({ key, ...props }, option) => (
                <li key={key} {...props}>
                  {option.kind === 'new' ? (
                    translate('pp.settings.pricing.add.create_procedure', { name: option.name })
                  ) : (
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 1 }}>
                      <span>
                        {option.name}
                        {option.parent_name && (
                          <Typography
                            component="span"
                            variant="caption"
                            color="text.secondary"
                            sx={{ ml: 1 }}
                          >
                            {option.parent_name}
                          </Typography>
                        )}
                      </span>
                      {option.added && (
                        <Typography component="span" variant="caption" color="text.secondary">
                          {translate('pp.settings.pricing.add.already_added')}
                        </Typography>
                      )}
                    </Box>
                  )}
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  label={translate('pp.settings.pricing.add.procedure')}
                  placeholder={translate('pp.settings.pricing.add.procedure_placeholder')}
                />
              )}
            />
            <Autocomplete<ParentChoice, false, false, true>
              freeSolo
              sx={{ width: 260 }}
              options={parentOptions}
              value={parent}
              inputValue={parentText}
              getOptionLabel={labelOf}
              isOptionEqualToValue={(option, value) =>
                option.kind === value.kind &&
                (option.kind === 'new' ||
                  option.procedure_id === (value as { procedure_id: string }).procedure_id)
              }
              onInputChange={(_, value, reason) => {
                if (reason === 'reset') return;
                setParentText(value);
                setParent(parentFromText(parents, value, procedure));
              }}
              onChange={(_, value) => {
                if (typeof value === 'string') {
                  setParent(parentFromText(parents, value, procedure));
                } else {
                  setParent(value);
                  setParentText(value?.name ?? '');
                }
              }}
              renderOption={({ key, ...props }, option) => (
                <li key={key} {...props}>
                  {option.kind === 'new'
                    ? translate('pp.settings.pricing.add.create_parent', { name: option.name })
                    : option.name}
                </li>
              )}
              renderInput={(params) => (
                <TextField {...params} size="small" label={translate('pp.settings.pricing.add.parent')} />
              )}
            />
            <TextField
              select
              size="small"
              label={translate('pp.settings.pricing.add.location')}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              value={locationId}
              onChange={(event) => setLocationId(event.target.value)}
              sx={{ width: 200 }}
            >
              <MenuItem value="">{translate('pp.settings.pricing.procedures.all_locations')}</MenuItem>
              {locations.map((location) => (
                <MenuItem key={location.location_id} value={location.location_id}>
                  {location.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {allAdded(choices) && (
            <Alert severity="info">{translate('pp.settings.pricing.add.all_added')}</Alert>
          )}
          <PriceInputs
            fields={fields}
            onChange={(changes) => setFields((current) => ({ ...current, ...changes }))}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" size="small" disabled={!canSave}>
              {translate('ra.action.save')}
            </Button>
            <Button
              size="small"
              disabled={saving}
              onClick={() => {
                reset();
                setOpen(false);
              }}
            >
              {translate('ra.action.cancel')}
            </Button>
          </Stack>
        </Box>
      </TableCell>
    </TableRow>
  );
}
