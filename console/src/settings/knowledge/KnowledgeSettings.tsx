import DeleteOutline from '@mui/icons-material/DeleteOutline';
import MoreVert from '@mui/icons-material/MoreVert';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { SettingsPageProps } from '../categories';
import { useDeleteKnowledge, useKnowledgeList, type KnowledgeDeletion, type KnowledgeEntry } from './api';
import { pageBadge, type PageBadge } from './badge';
import { KnowledgeDeleteDialog } from './KnowledgeDeleteDialog';
import { useKnowledgeProcessing } from './useKnowledgeProcessing';
import { visuallyHidden } from '@mui/utils';

type Confirm =
  { kind: 'selected'; entries: KnowledgeEntry[] } | { kind: 'all' } | { kind: 'one'; entry: KnowledgeEntry };

const BADGE_COLOR: Record<PageBadge, 'info' | 'success' | 'warning'> = {
  processing: 'info',
  ready: 'success',
  stale: 'warning',
};

/**
 * The Practice Knowledge category (docs/product/settings.md#knowledge): summary cards, the pages with their
 * chunks and status, reprocessing and deleting (one page, a selection, or everything).
 */
export function KnowledgeSettings({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.knowledge.${key}`, options);
  const list = useKnowledgeList(practiceId);
  const entries = useMemo(() => list.data?.entries ?? [], [list.data]);
  const processing = useKnowledgeProcessing(practiceId, () => entries.map((entry) => entry.source_url));
  const remove = useDeleteKnowledge(practiceId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; entry: KnowledgeEntry } | null>(null);
  // The most recent reprocess or delete failure; the next success (or Close) clears it.
  const [problem, setProblem] = useState<string | null>(null);
  const outcome = {
    onSuccess: () => setProblem(null),
    onError: (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
  };
  const now = new Date();
  const busy = processing.status === 'processing';
  const statusError = processing.statusQuery.error as Error | null;

  const chosen = entries.filter((entry) => selected.has(entry.source_url));
  const reprocess = (urls?: string[]) => {
    processing.reprocess.mutate(urls, outcome);
    setSelected(new Set());
  };
  const deleteNow = (deletion: KnowledgeDeletion) =>
    remove.mutate(deletion, {
      ...outcome,
      onSettled: () => {
        setConfirm(null);
        setSelected(new Set());
      },
    });
  const toggle = (url: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack direction="row" spacing={1.5} alignItems="center" role="status" sx={{ p: 3 }}>
        <CircularProgress size={20} />
        <Typography>{t('loading')}</Typography>
      </Stack>
    );
  } else if (list.error) {
    body = (
      <Stack direction="row" spacing={2} alignItems="center" sx={{ p: 3 }} useFlexGap flexWrap="wrap">
        <Typography color="error" role="alert">
          {t('load_error', { message: list.error.message })}
        </Typography>
        <Button size="small" startIcon={<Refresh />} onClick={() => void list.refetch()}>
          {translate('pp.errors.try_again')}
        </Button>
      </Stack>
    );
  } else if (processing.fullReprocess) {
    body = (
      <Alert
        severity="info"
        icon={<CircularProgress size={20} />}
        data-testid="full-reprocess-banner"
        sx={{ m: 2 }}
      >
        <AlertTitle>{t('banner_title')}</AlertTitle>
        {t('banner_text')}
      </Alert>
    );
  } else if (entries.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ p: 3 }}>
        {t('empty')}
      </Typography>
    );
  } else {
    const allSelected = chosen.length === entries.length;
    body = (
      <TableContainer>
        <Table size="small" aria-label={t('title')} sx={{ tableLayout: 'fixed', minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" sx={{ width: 48 }}>
                <Checkbox
                  checked={allSelected}
                  indeterminate={chosen.length > 0 && !allSelected}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(entries.map((entry) => entry.source_url)))
                  }
                  slotProps={{ input: { 'aria-label': t('select_all') } }}
                />
              </TableCell>
              <TableCell>{t('columns.page')}</TableCell>
              <TableCell>{t('columns.url')}</TableCell>
              <TableCell align="right" sx={{ width: 72 }}>
                {t('columns.chunks')}
              </TableCell>
              <TableCell sx={{ width: 150 }}>{t('columns.last_updated')}</TableCell>
              <TableCell sx={{ width: 120 }}>{t('columns.status')}</TableCell>
              <TableCell align="right" sx={{ width: 56 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('columns.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => {
              const title = entry.page_title?.trim() || t('untitled');
              const badge = pageBadge(entry, processing.pending, processing.status, now);
              return (
                <TableRow
                  key={entry.source_url}
                  hover
                  selected={selected.has(entry.source_url)}
                  data-testid="knowledge-row"
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(entry.source_url)}
                      onChange={() => toggle(entry.source_url)}
                      slotProps={{ input: { 'aria-label': t('select_page', { page: title }) } }}
                    />
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{title}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} alignItems="center">
                      <Typography variant="body2" noWrap title={entry.source_url} sx={{ minWidth: 0 }}>
                        {entry.source_url}
                      </Typography>
                      <Link
                        href={entry.source_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('open_page', { url: entry.source_url })}
                        sx={{ display: 'inline-flex', flexShrink: 0 }}
                      >
                        <OpenInNew fontSize="inherit" />
                      </Link>
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{entry.chunk_count}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.last_updated)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={BADGE_COLOR[badge]}
                      variant={badge === 'ready' ? 'outlined' : 'filled'}
                      icon={
                        badge === 'processing' ? <CircularProgress size={12} color="inherit" /> : undefined
                      }
                      label={translate(`pp.settings.knowledge.badges.${badge}`)}
                      data-testid="knowledge-badge"
                    />
                  </TableCell>
                  <TableCell align="right" padding="checkbox">
                    <IconButton
                      aria-label={t('row_menu', { url: entry.source_url })}
                      aria-haspopup="menu"
                      onClick={(event) => setMenu({ anchor: event.currentTarget, entry })}
                    >
                      <MoreVert />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  const chunksOf = (items: KnowledgeEntry[]) => items.reduce((sum, entry) => sum + entry.chunk_count, 0);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box>
        <Typography variant="h5" component="h2">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('description')}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
        <SummaryCard label={t('total_pages')} value={list.data?.total_entries ?? '–'} />
        <SummaryCard label={t('total_chunks')} value={list.data?.total_chunks ?? '–'} />
        <SummaryCard
          label={t('status')}
          value={
            <Stack direction="row" spacing={1} alignItems="center" component="span">
              {busy && <CircularProgress size={18} />}
              <span>{translate(`pp.settings.knowledge.statuses.${processing.status}`)}</span>
            </Stack>
          }
          testId="knowledge-status"
        />
      </Box>

      {processing.status === 'failed' && (
        <Alert
          severity="error"
          data-testid="knowledge-run-failed"
          action={
            <Button color="inherit" size="small" startIcon={<Refresh />} onClick={() => reprocess()}>
              {t('retry')}
            </Button>
          }
        >
          <AlertTitle>{t('failed_title')}</AlertTitle>
          {processing.statusQuery.data?.error?.trim() || t('failed_unknown')}
        </Alert>
      )}

      {statusError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void processing.statusQuery.refetch()}>
              {translate('pp.errors.try_again')}
            </Button>
          }
        >
          {statusError.message}
        </Alert>
      )}

      {problem && (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setProblem(null)}
          closeText={translate('ra.action.close')}
        >
          {problem}
        </Alert>
      )}

      <Card variant="outlined">
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          useFlexGap
          sx={{ p: 1.5, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}
        >
          {chosen.length > 0 ? (
            <>
              <Typography sx={{ mr: 1 }} data-testid="knowledge-selection">
                {t('selected', { count: chosen.length })}
              </Typography>
              <Button
                size="small"
                startIcon={<Refresh />}
                disabled={busy}
                onClick={() => reprocess(chosen.map((entry) => entry.source_url))}
              >
                {t('reprocess_selected')}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutline />}
                onClick={() => setConfirm({ kind: 'selected', entries: chosen })}
              >
                {t('delete_selected')}
              </Button>
            </>
          ) : null}
          <Box sx={{ flex: 1 }} />
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            disabled={entries.length === 0 || busy}
            onClick={() => setConfirm({ kind: 'all' })}
          >
            {t('delete_all')}
          </Button>
          <Button
            size="small"
            variant="contained"
            startIcon={<Refresh />}
            disabled={busy || list.isPending}
            onClick={() => reprocess()}
          >
            {t('reprocess_all')}
          </Button>
        </Stack>
        {body}
      </Card>

      <Menu open={!!menu} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        <MenuItem
          disabled={busy}
          onClick={() => {
            if (menu) reprocess([menu.entry.source_url]);
            setMenu(null);
          }}
        >
          {t('reprocess_page')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) setConfirm({ kind: 'one', entry: menu.entry });
            setMenu(null);
          }}
        >
          {t('delete_page')}
        </MenuItem>
      </Menu>

      {confirm?.kind === 'selected' && (
        <KnowledgeDeleteDialog
          title={t('delete_selected_title')}
          text={t('delete_selected_text', { count: chunksOf(confirm.entries) })}
          busy={remove.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => deleteNow({ kind: 'entries', entries: confirm.entries })}
        />
      )}
      {confirm?.kind === 'all' && (
        <KnowledgeDeleteDialog
          title={t('delete_all_title')}
          text={t('delete_all_text')}
          busy={remove.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => deleteNow({ kind: 'all' })}
        />
      )}
      {confirm?.kind === 'one' && (
        <KnowledgeDeleteDialog
          title={t('delete_one_title')}
          text={t('delete_one_text', { url: confirm.entry.source_url })}
          busy={remove.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => deleteNow({ kind: 'urls', urls: [confirm.entry.source_url] })}
        />
      )}
    </Stack>
  );
}

function SummaryCard({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}
