import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE,
  AUDIT_RETENTION,
  type AuditEntry,
  type AuditOutcome,
} from '@pp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SettingsPageProps } from '../categories';
import { useAuditLog, useAuditRetention, useExportAuditLog, useSetAuditRetention } from './api';
import { BlockedNumbersCard } from './BlockedNumbersCard';
import { actionKey, auditQuery, NO_FILTERS, shortId, type AuditFilterState } from './auditFilters';

const OUTCOME_COLOR: Record<AuditOutcome, 'success' | 'warning' | 'error'> = {
  allowed: 'success',
  denied: 'warning',
  failed: 'error',
};

const RETENTION_YEARS = Array.from(
  { length: AUDIT_RETENTION.maxYears - AUDIT_RETENTION.minYears + 1 },
  (_, index) => AUDIT_RETENTION.minYears + index,
);

/**
 * Settings › Security (docs/product/settings.md#security): the numbers the practice never texts or calls
 * (`BlockedNumbersCard`), the practice's audit log of patient record access — filters (user, lead, action, days),
 * pages newest first, a CSV export of what the filters select — and how long the log is kept. Reading it is itself
 * recorded.
 */
export function SecuritySettings({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.security.${key}`, options);
  const [draft, setDraft] = useState<AuditFilterState>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilterState>(NO_FILTERS);
  /** The cursors of the pages before the one shown (the first page has none). */
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const query = auditQuery(filters, { cursor, limit: AUDIT_PAGE.defaultSize });
  const log = useAuditLog(practiceId, query);
  const exporter = useExportAuditLog(practiceId);

  const apply = (next: AuditFilterState) => {
    setDraft(next);
    setFilters(next);
    setCursors([]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const field = (key: keyof AuditFilterState) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value } as AuditFilterState),
  });

  return (
    <Stack spacing={2} data-testid="security-page">
      <Typography variant="h5" component="h2">
        {t('title')}
      </Typography>
      <BlockedNumbersCard practiceId={practiceId} />
      <RetentionCard practiceId={practiceId} />
      <Card variant="outlined" component="section" aria-labelledby="audit-log-title">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between">
            <Box>
              <Typography variant="h6" component="h3" id="audit-log-title">
                {t('audit_title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('audit_help')}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }} alignItems="flex-start">
              <Button startIcon={<Refresh />} disabled={log.isFetching} onClick={() => void log.refetch()}>
                {t('refresh')}
              </Button>
              <Button
                variant="outlined"
                startIcon={exporter.isPending ? <CircularProgress size={16} /> : <DownloadOutlined />}
                disabled={exporter.isPending}
                onClick={() => exporter.mutate(auditQuery(filters))}
              >
                {t(exporter.isPending ? 'exporting' : 'export')}
              </Button>
            </Stack>
          </Stack>

          <Box
            component="form"
            aria-label={t('filters.title')}
            onSubmit={submit}
            sx={{
              mt: 2,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', xl: '2fr 2fr 2fr 1.2fr 1.2fr auto' },
              alignItems: 'start',
            }}
          >
            <TextField
              size="small"
              label={t('filters.user')}
              helperText={t('filters.user_help')}
              {...field('user')}
            />
            <TextField
              size="small"
              label={t('filters.lead')}
              helperText={t('filters.lead_help')}
              {...field('lead')}
            />
            <TextField
              select
              size="small"
              label={t('filters.action')}
              {...field('action')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('filters.any_action')}</MenuItem>
              {AUDIT_ACTIONS.map((action) => (
                <MenuItem key={action} value={action}>
                  {translate(`pp.settings.security.actions.${actionKey(action)}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="date"
              label={t('filters.from')}
              {...field('from')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label={t('filters.to')}
              {...field('to')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained">
                {t('filters.apply')}
              </Button>
              <Button type="button" onClick={() => apply(NO_FILTERS)}>
                {t('filters.clear')}
              </Button>
            </Stack>
          </Box>

          {exporter.error && (
            <Alert severity="error" sx={{ mt: 2 }} onClose={() => exporter.reset()}>
              {exporter.error.message}
            </Alert>
          )}
          <Box sx={{ mt: 2 }}>
            {log.isPending ? (
              <Stack direction="row" spacing={1.5} alignItems="center" role="status">
                <CircularProgress size={20} />
                <Typography>{t('loading')}</Typography>
              </Stack>
            ) : log.error ? (
              <Alert severity="error" data-testid="audit-log-error">
                {log.error.message}
              </Alert>
            ) : log.data.entries.length === 0 ? (
              <Typography color="text.secondary">{t('empty')}</Typography>
            ) : (
              <AuditTable
                entries={log.data.entries}
                onUser={(user) => apply({ ...filters, user })}
                onLead={(lead) => apply({ ...filters, lead })}
              />
            )}
          </Box>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end" sx={{ mt: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('page', { page: cursors.length + 1 })}
            </Typography>
            <Button disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              {t('newer')}
            </Button>
            <Button
              disabled={!log.data?.next_cursor || log.isPlaceholderData}
              onClick={() => log.data?.next_cursor && setCursors([...cursors, log.data.next_cursor])}
            >
              {t('older')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

function RetentionCard({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.security.${key}`, options);
  const retention = useAuditRetention(practiceId);
  const save = useSetAuditRetention(practiceId);
  return (
    <Card variant="outlined" component="section">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label={t('retention.label')}
            sx={{ minWidth: 220 }}
            value={retention.data?.retention_years ?? ''}
            disabled={!retention.data || save.isPending}
            onChange={(event) => save.mutate(Number(event.target.value))}
          >
            {RETENTION_YEARS.map((years) => (
              <MenuItem key={years} value={years}>
                {t('retention.years', { count: years })}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {t('retention.help')}
          </Typography>
          {save.isSuccess && <Chip size="small" color="success" label={t('retention.saved')} />}
        </Stack>
        {(retention.error ?? save.error) && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {(retention.error ?? save.error)?.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function AuditTable({
  entries,
  onUser,
  onLead,
}: {
  entries: AuditEntry[];
  onUser: (user: string) => void;
  onLead: (lead: string) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.security.${key}`, options);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('table_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.time')}</TableCell>
            <TableCell>{t('columns.user')}</TableCell>
            <TableCell>{t('columns.action')}</TableCell>
            <TableCell>{t('columns.record')}</TableCell>
            <TableCell>{t('columns.outcome')}</TableCell>
            <TableCell>{t('columns.origin')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const record = entry.lead_id ?? entry.resource_id;
            return (
              <TableRow key={entry.audit_id} data-testid="audit-entry">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.occurred_at}>{new Date(entry.occurred_at).toLocaleString()}</time>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <Tooltip title={t('filter_user', { email: entry.user_email })}>
                    <Link component="button" type="button" onClick={() => onUser(entry.user_email)}>
                      {entry.user_email}
                    </Link>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  {translate(`pp.settings.security.actions.${actionKey(entry.action)}`)}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {entry.action}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {translate(`pp.settings.security.resource_types.${entry.resource_type}`)}
                  {entry.resource_id && entry.resource_id !== entry.lead_id && (
                    <Box component="span" title={entry.resource_id} sx={{ fontFamily: 'monospace', ml: 0.5 }}>
                      {shortId(entry.resource_id)}
                    </Box>
                  )}
                  {entry.lead_id && record && (
                    <>
                      <Tooltip title={t('filter_lead', { id: entry.lead_id })}>
                        <Link
                          component="button"
                          type="button"
                          sx={{ fontFamily: 'monospace', ml: 0.5 }}
                          onClick={() => onLead(entry.lead_id!)}
                        >
                          {shortId(entry.lead_id)}
                        </Link>
                      </Tooltip>
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={`/leads/${entry.lead_id}`}
                        aria-label={t('open_lead', { id: shortId(entry.lead_id) })}
                      >
                        <OpenInNew fontSize="inherit" />
                      </IconButton>
                    </>
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={OUTCOME_COLOR[entry.outcome]}
                    label={`${translate(`pp.settings.security.outcomes.${entry.outcome}`)} · ${entry.status}`}
                  />
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <Box component="span" title={entry.user_agent ?? undefined}>
                    {entry.client_ip}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
