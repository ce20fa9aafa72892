import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { Badge, Box, IconButton, Stack, TableCell, TableRow, Tooltip } from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import { formatMoney } from './money';
import { offeredRows } from './offeringPlan';
import { PromotionChip } from './PromotionChip';
import type { ProcedureSummaryItem } from './types';

const money = (value: number | null | undefined, currency: string | null | undefined) =>
  value === null || value === undefined ? '' : formatMoney(value, currency);

export interface RowActions {
  onEdit: (item: ProcedureSummaryItem) => void;
  onRemove: (item: ProcedureSummaryItem) => void;
  onToggleHistory: (item: ProcedureSummaryItem) => void;
  /** Names of the promotions active for a procedure. */
  promotionsFor: (procedureId: string) => string[];
  /** Another procedure is being edited or saved: the edit buttons wait. */
  busy: boolean;
}

/**
 * One procedure's rows: All locations, each offered location, or 'Not offered'. The first row carries the
 * name, the Promotion chip and the actions (edit, the history toggle when there is more than one history entry,
 * remove). A synthetic parent shows its name only.
 */
export function ProcedureRows({
  item,
  depth,
  synthetic = false,
  actions,
}: {
  item: ProcedureSummaryItem;
  depth: 0 | 1;
  synthetic?: boolean;
  actions: RowActions;
}) {
  const translate = useTranslate();
  const name = item.procedure_name;
  const nameCell = (
    <TableCell
      component="th"
      scope="row"
      sx={{ pl: depth === 1 ? 5 : 2, fontWeight: depth === 0 ? 600 : 400 }}
      data-testid="procedure-name"
    >
      {name}
    </TableCell>
  );
  if (synthetic) {
    return (
      <TableRow data-testid={`procedure-${item.procedure_id}`}>
        {nameCell}
        <TableCell colSpan={7} />
      </TableRow>
    );
  }
  const rows = offeredRows(item);
  const unitText = (unit: string | null | undefined) => (unit && unit !== 'None' ? unit : '');
  const first = (
    <>
      <TableCell>
        <PromotionChip names={actions.promotionsFor(item.procedure_id)} hasPromotion={item.has_promotion} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={translate('pp.settings.pricing.procedures.edit', { name: item.procedure_name })}>
            <span>
              <IconButton
                size="small"
                aria-label={translate('pp.settings.pricing.procedures.edit', { name: item.procedure_name })}
                onClick={() => actions.onEdit(item)}
                disabled={actions.busy}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          {item.history_count > 1 && (
            <Tooltip
              title={translate('pp.settings.pricing.procedures.show_history', { name: item.procedure_name })}
            >
              <IconButton
                size="small"
                aria-label={translate('pp.settings.pricing.procedures.show_history', {
                  name: item.procedure_name,
                })}
                onClick={() => actions.onToggleHistory(item)}
              >
                <Badge badgeContent={item.history_count} color="primary" max={99}>
                  <HistoryIcon fontSize="small" />
                </Badge>
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={translate('pp.settings.pricing.procedures.remove', { name: item.procedure_name })}>
            <span>
              <IconButton
                size="small"
                aria-label={translate('pp.settings.pricing.procedures.remove', { name: item.procedure_name })}
                onClick={() => actions.onRemove(item)}
                disabled={actions.busy}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      </TableCell>
    </>
  );
  if (rows.length === 0) {
    return (
      <TableRow data-testid={`procedure-${item.procedure_id}`}>
        {nameCell}
        <TableCell colSpan={5}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {translate('pp.settings.pricing.procedures.not_offered')}
          </Box>
        </TableCell>
        {first}
      </TableRow>
    );
  }
  return (
    <>
      {rows.map((row, index) => (
        <Fragment key={row.locationId ?? 'all'}>
          <TableRow data-testid={index === 0 ? `procedure-${item.procedure_id}` : undefined}>
            {index === 0 ? nameCell : <TableCell />}
            <TableCell>
              {row.locationName ?? translate('pp.settings.pricing.procedures.all_locations')}
            </TableCell>
            <TableCell>{money(row.pricing?.min, row.pricing?.currency)}</TableCell>
            <TableCell>{money(row.pricing?.max, row.pricing?.currency)}</TableCell>
            <TableCell>{unitText(row.pricing?.unit)}</TableCell>
            <TableCell>{row.pricing?.currency ?? ''}</TableCell>
            {index === 0 ? (
              first
            ) : (
              <>
                <TableCell />
                <TableCell />
              </>
            )}
          </TableRow>
        </Fragment>
      ))}
    </>
  );
}
