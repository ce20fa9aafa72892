import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SettingsPageProps } from '../categories';
import { useFieldMapping, useSaveFieldMapping } from './api';
import {
  FIELD_GROUPS,
  FIELD_MAPPING_TARGETS,
  groupFields,
  isFieldMappingTarget,
  withTarget,
  type FieldGroup,
  type FieldRow,
} from './fieldMapping';
import { visuallyHidden } from '@mui/utils';

/**
 * Settings › Form Field Mapping (docs/product/settings.md#field-mapping): the fields discovered on the
 * practice's website forms, grouped by where they go, each with example values and a mapping dropdown.
 * Choosing a target saves the whole mapping, then the page refetches it.
 */
export function FieldMappingSettings({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.field_mapping.${key}`, options);
  const query = useFieldMapping(practiceId);
  const save = useSaveFieldMapping(practiceId);
  const [pending, setPending] = useState<{ name: string; target: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const groups = useMemo(() => (query.data ? groupFields(query.data) : null), [query.data]);

  const choose = (row: FieldRow, target: string) => {
    if (!query.data || !isFieldMappingTarget(target) || target === row.target || save.isPending) return;
    setPending({ name: row.name, target });
    save.mutate(withTarget(query.data.current_mappings ?? {}, row.name, target), {
      onSuccess: () => setProblem(null),
      onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
      onSettled: () => setPending(null),
    });
  };

  let body;
  if (query.isPending) {
    body = (
      <Stack direction="row" spacing={1.5} alignItems="center" role="status">
        <CircularProgress size={20} />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  } else if (query.error) {
    body = (
      <Alert severity="error" variant="filled" data-testid="field-mapping-error">
        {query.error.message}
      </Alert>
    );
  } else if (groups && FIELD_GROUPS.every((group) => groups[group].length === 0)) {
    body = (
      <Typography color="text.secondary" data-testid="field-mapping-empty">
        {t('empty')}
      </Typography>
    );
  } else if (groups) {
    body = (
      <Stack spacing={3}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          {FIELD_GROUPS.map((group) => (
            <Paper
              key={group}
              variant="outlined"
              sx={{ p: 2 }}
              data-testid={`field-mapping-counter-${group}`}
            >
              <Typography variant="body2" color="text.secondary">
                {t(`counters.${group}`)}
              </Typography>
              <Typography variant="h5" component="p">
                {groups[group].length}
              </Typography>
            </Paper>
          ))}
        </Box>
        {problem && (
          <Alert severity="error" onClose={() => setProblem(null)}>
            {t('save_error', { message: problem })}
          </Alert>
        )}
        {FIELD_GROUPS.map((group) => (
          <FieldGroupCard
            key={group}
            group={group}
            rows={groups[group]}
            pending={pending}
            disabled={save.isPending}
            onChoose={choose}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="field-mapping-page">
      <Typography variant="h5" component="h2">
        {t('title')}
      </Typography>
      {body}
    </Stack>
  );
}

function FieldGroupCard({
  group,
  rows,
  pending,
  disabled,
  onChoose,
}: {
  group: FieldGroup;
  rows: FieldRow[];
  pending: { name: string; target: string } | null;
  disabled: boolean;
  onChoose: (row: FieldRow, target: string) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.field_mapping.${key}`, options);
  const headingId = `field-mapping-group-${group}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="h6" component="h3" id={headingId}>
            {t(`groups.${group}`)}
          </Typography>
          <Chip
            size="small"
            label={rows.length}
            color={group === 'unmapped' && rows.length ? 'warning' : 'default'}
          />
        </Stack>
        {group === 'additional' && (
          <Typography variant="body2" color="text.secondary">
            {t('additional_help')}
          </Typography>
        )}
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('group_empty')}
          </Typography>
        ) : (
          <TableContainer sx={{ mt: 1 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('field')}</TableCell>
                  <TableCell>{t('examples')}</TableCell>
                  <TableCell sx={{ width: 260 }}>{t('mapping')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => {
                  const saving = pending?.name === row.name;
                  const value = saving ? pending.target : (row.target ?? '');
                  const labelId = `field-mapping-label-${group}-${index}`;
                  return (
                    <TableRow key={row.name} data-testid="field-mapping-row">
                      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
                        {row.name}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        {row.examples.length ? (
                          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                            {row.examples.map((example) => (
                              <Chip key={example} size="small" variant="outlined" label={example} />
                            ))}
                          </Stack>
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            {t('no_examples')}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ position: 'relative' }}>
                        <Box component="span" id={labelId} sx={visuallyHidden}>
                          {t('mapping_label', { name: row.name })}
                        </Box>
                        <Stack direction="row" spacing={1} alignItems="center">
                          <TextField
                            select
                            size="small"
                            fullWidth
                            value={value}
                            disabled={disabled}
                            onChange={(event) => onChoose(row, event.target.value)}
                            slotProps={{
                              select: {
                                displayEmpty: true,
                                labelId,
                                renderValue: (selected) =>
                                  selected ? t(`targets.${String(selected)}`) : t('choose'),
                              },
                            }}
                          >
                            {FIELD_MAPPING_TARGETS.map((target) => (
                              <MenuItem key={target} value={target}>
                                {t(`targets.${target}`)}
                              </MenuItem>
                            ))}
                          </TextField>
                          {saving && <CircularProgress size={16} aria-label={t('saving')} />}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
