import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, Button, Checkbox, Divider, FormControlLabel, FormLabel, Popover, Stack } from '@mui/material';
import {
  selectAllProcedures,
  selectionLabel,
  toggleProcedure,
  type ProcedureTreeNode,
  type PromotionSelection,
} from '@pp/contracts';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The 'Applies to' selector (docs/product/settings.md#promotion-validation): All procedures, or parents and
 * children of the tree with the selection rules of @pp/contracts.
 */
export function ProcedureTreeSelect({
  tree,
  selection,
  onChange,
}: {
  tree: readonly ProcedureTreeNode[];
  selection: PromotionSelection;
  onChange: (selection: PromotionSelection) => void;
}) {
  const translate = useTranslate();
  const labelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const names = new Map(
    tree.flatMap((node) => [
      [node.procedure_id, node.name],
      ...node.children.map((child) => [child.procedure_id, child.name] as const),
    ]),
  );
  const selected = new Set(selection.is_all_procedures ? [] : selection.selected_procedures);
  const toggle = (id: string) => onChange(toggleProcedure(tree, selection, id));

  return (
    <Stack spacing={0.5}>
      <FormLabel id={labelId}>{translate('pp.settings.pricing.promotions.applies_to')}</FormLabel>
      <Button
        variant="outlined"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-labelledby={labelId}
        aria-haspopup="true"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ justifyContent: 'space-between', textTransform: 'none', minWidth: 240 }}
        data-testid="applies-to"
      >
        {selectionLabel(selection, (id) => names.get(id))}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box
          sx={{ p: 1.5, maxHeight: 400, overflowY: 'auto', minWidth: 280 }}
          role="group"
          aria-labelledby={labelId}
        >
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={selection.is_all_procedures}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? selectAllProcedures()
                      : { is_all_procedures: false, selected_procedures: [] },
                  )
                }
              />
            }
            label={translate('pp.settings.pricing.promotions.all_procedures')}
          />
          <Divider sx={{ my: 0.5 }} />
          {tree.map((node) => {
            const checked = selected.has(node.procedure_id);
            const partly = !checked && node.children.some((child) => selected.has(child.procedure_id));
            return (
              <Box key={node.procedure_id}>
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={checked}
                      indeterminate={partly}
                      onChange={() => toggle(node.procedure_id)}
                    />
                  }
                  label={node.name}
                />
                {node.children.map((child) => (
                  <FormControlLabel
                    key={child.procedure_id}
                    sx={{ display: 'flex', pl: 3 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.has(child.procedure_id)}
                        onChange={() => toggle(child.procedure_id)}
                      />
                    }
                    label={child.name}
                  />
                ))}
              </Box>
            );
          })}
        </Box>
      </Popover>
    </Stack>
  );
}
