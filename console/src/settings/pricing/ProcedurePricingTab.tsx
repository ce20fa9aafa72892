import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  InputAdornment,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { AddPricingRow, type NewPricing } from './AddPricingRow';
import { COLUMN_COUNT, OfferingEditorRow } from './OfferingEditorRow';
import { offeringCalls, removalCall, type OfferingEditor } from './offeringPlan';
import { PricingHistoryPanel } from './PricingHistoryPanel';
import { pricingApi } from './pricingApi';
import {
  pricingKeys,
  usePracticeLocations,
  usePricingMutation,
  useProcedureSummary,
  usePromotions,
} from './pricingQueries';
import { ProcedureRows, type RowActions } from './ProcedureRows';
import {
  buildProcedureTree,
  filterProcedureTree,
  groupByCategory,
  type ProcedureNode,
} from './procedureTree';
import { isActiveFor } from './promotionRules';
import { SeedCard } from './SeedCard';
import type { ProcedureSummaryItem } from './types';

const COLUMNS = ['procedure', 'location', 'min', 'max', 'unit', 'currency', 'promotion', 'actions'] as const;

/** The Procedure Pricing tab (docs/product/settings.md#procedure-pricing). */
export function ProcedurePricingTab({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  const [filter, setFilter] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<ProcedureSummaryItem | null>(null);
  const [removing, setRemoving] = useState<ProcedureSummaryItem | null>(null);
  const [confirmingSeed, setConfirmingSeed] = useState(false);
  const notify = useNotify();
  const summary = useProcedureSummary(practiceId);
  const { data: promotions } = usePromotions(practiceId);
  const { locations } = usePracticeLocations(practiceId);
  const tree = useMemo(() => buildProcedureTree(summary.data ?? []), [summary.data]);
  const groups = useMemo(() => groupByCategory(filterProcedureTree(tree, filter)), [tree, filter]);
  const addedIds = useMemo(
    () => new Set((summary.data ?? []).map((item) => item.procedure_id)),
    [summary.data],
  );
  const parents = useMemo(
    () => tree.map((node) => ({ procedure_id: node.item.procedure_id, name: node.item.procedure_name })),
    [tree],
  );
  // A change alters the summary and the procedure's history.
  const refresh = [pricingKeys.summary(practiceId), [...pricingKeys.all(practiceId), 'history']];

  const save = usePricingMutation({
    action: 'pricing save',
    mutationFn: async ({ item, editor }: { item: ProcedureSummaryItem; editor: OfferingEditor }) => {
      const calls = offeringCalls(item, editor);
      for (const request of calls.update) await pricingApi.updateOffering(practiceId, request);
      for (const request of calls.create) await pricingApi.create(practiceId, request);
    },
    refresh,
    failureMessage: translate('pp.settings.pricing.procedures.save_failed'),
    onSuccess: () => setEditingId(null),
  });
  const remove = usePricingMutation({
    action: 'procedure removal',
    mutationFn: (item: ProcedureSummaryItem) => pricingApi.updateOffering(practiceId, removalCall(item)),
    refresh,
    failureMessage: translate('pp.settings.pricing.procedures.remove_failed'),
  });
  const create = usePricingMutation({
    action: 'pricing create',
    mutationFn: async ({ procedure, parent, request }: NewPricing) => {
      let parentId: string | null = parent?.kind === 'existing' ? parent.procedure_id : null;
      if (parent?.kind === 'new') {
        const created = await pricingApi.create(practiceId, {
          procedure_name: parent.name,
          parent_id: null,
          location_id: null,
          is_offered: false,
        });
        parentId = created?.procedure_id ?? null;
      }
      await pricingApi.create(practiceId, {
        ...(procedure.kind === 'existing'
          ? { procedure_id: procedure.procedure_id }
          : { procedure_name: procedure.name }),
        parent_id: parentId,
        ...request,
      });
    },
    refresh,
    failureMessage: translate('pp.settings.pricing.add.failed'),
  });
  const seed = usePricingMutation({
    action: 'seed from extracted data',
    mutationFn: () => pricingApi.seed(practiceId),
    refresh,
    failureMessage: translate('pp.settings.pricing.seed.failed'),
    onSuccess: (answer) =>
      notify('pp.settings.pricing.seed.done', {
        type: 'success',
        messageArgs: {
          offerings_created: answer?.offerings_created ?? 0,
          prices_set: answer?.prices_set ?? 0,
        },
      }),
  });

  const promotionsFor = useCallback(
    (procedureId: string) =>
      (promotions ?? [])
        .filter((promotion) => isActiveFor(promotion, procedureId))
        .map((promotion) => promotion.name),
    [promotions],
  );
  const actions: RowActions = {
    onEdit: (item) => setEditingId(item.procedure_id),
    onRemove: setRemoving,
    onToggleHistory: (item) =>
      setHistoryOf((current) => (current?.procedure_id === item.procedure_id ? null : item)),
    promotionsFor,
    busy: editingId !== null || save.isPending,
  };

  const rowsOf = (item: ProcedureSummaryItem, depth: 0 | 1, synthetic = false) => (
    <Fragment key={item.procedure_id}>
      {editingId === item.procedure_id ? (
        <OfferingEditorRow
          item={item}
          locations={locations}
          saving={save.isPending}
          onSave={(editor) => save.mutate({ item, editor })}
          onCancel={() => setEditingId(null)}
        />
      ) : (
        <ProcedureRows item={item} depth={depth} synthetic={synthetic} actions={actions} />
      )}
      {historyOf?.procedure_id === item.procedure_id && (
        <TableRow>
          <TableCell colSpan={COLUMN_COUNT}>
            <PricingHistoryPanel
              practiceId={practiceId}
              procedureId={item.procedure_id}
              procedureName={item.procedure_name}
              onClose={() => setHistoryOf(null)}
            />
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
  const nodeRows = (node: ProcedureNode) => (
    <Fragment key={node.item.procedure_id}>
      {rowsOf(node.item, 0, node.synthetic)}
      {node.children.map((child) => rowsOf(child, 1))}
    </Fragment>
  );

  const message = (text: string) => (
    <TableRow>
      <TableCell colSpan={COLUMN_COUNT} sx={{ color: 'text.secondary', textAlign: 'center', py: 3 }}>
        {text}
      </TableCell>
    </TableRow>
  );
  const body = () => {
    if (summary.isPending) return message(translate('pp.common.loading'));
    if ((summary.data ?? []).length === 0) return message(translate('pp.settings.pricing.procedures.empty'));
    if (groups.length === 0) return message(translate('pp.settings.pricing.procedures.no_match', { filter }));
    return groups.map((group) => (
      <Fragment key={group.category ?? ''}>
        <TableRow>
          <TableCell
            colSpan={COLUMN_COUNT}
            component="th"
            scope="colgroup"
            sx={{ bgcolor: 'action.hover', fontWeight: 700, textTransform: 'uppercase', fontSize: 12 }}
          >
            {group.category ?? translate('pp.settings.pricing.procedures.uncategorized')}
          </TableCell>
        </TableRow>
        {group.nodes.map(nodeRows)}
      </Fragment>
    ));
  };

  return (
    <Stack spacing={2}>
      <SeedCard busy={seed.isPending} onSeed={() => setConfirmingSeed(true)} />
      <TextField
        size="small"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={translate('pp.settings.pricing.procedures.filter')}
        slotProps={{
          htmlInput: { 'aria-label': translate('pp.settings.pricing.procedures.filter') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ maxWidth: 360 }}
      />
      {summary.isError && (
        <Alert severity="error">{translate('pp.settings.pricing.procedures.load_failed')}</Alert>
      )}
      <TableContainer>
        <Table
          size="small"
          aria-label={translate('pp.settings.pricing.tabs.pricing')}
          sx={{ '& th, & td': { px: 1 } }}
        >
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>
                  {translate(`pp.settings.pricing.procedures.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {!summary.isError && body()}
            <AddPricingRow
              practiceId={practiceId}
              addedIds={addedIds}
              parents={parents}
              locations={locations}
              saving={create.isPending}
              onSave={async (pricing) => {
                try {
                  await create.mutateAsync(pricing);
                  return true;
                } catch {
                  return false;
                }
              }}
            />
          </TableBody>
        </Table>
      </TableContainer>
      <Confirm
        isOpen={removing !== null}
        title="pp.settings.pricing.procedures.remove_title"
        content="pp.settings.pricing.procedures.remove_confirm"
        translateOptions={{ name: removing?.procedure_name ?? '' }}
        loading={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
      <Confirm
        isOpen={confirmingSeed}
        title="pp.settings.pricing.seed.confirm_title"
        content="pp.settings.pricing.seed.confirm"
        loading={seed.isPending}
        onConfirm={() => {
          seed.mutate(undefined);
          setConfirmingSeed(false);
        }}
        onClose={() => setConfirmingSeed(false)}
      />
    </Stack>
  );
}
