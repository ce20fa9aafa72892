import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { dateTimeOn, usePracticeClock } from '../../practices/practiceClock';
import { activityTime } from '../format';
import { EntryFrame } from './EntryFrame';
import { formatDuration } from './eventText';
import type { SessionForm, SessionItem } from './groupTimeline';

/** One website session: the pages in the order visited (engaged ones marked) and any forms sent. */
export function SessionEntry({ session }: { session: SessionItem }) {
  const translate = useTranslate();
  const summary = [
    session.pages.length > 0 &&
      translate('pp.leads.timeline.pages_count', { smart_count: session.pages.length }),
    session.totalSeconds > 0 &&
      translate('pp.leads.timeline.time_on_site', { duration: formatDuration(session.totalSeconds) }),
    session.referrer && translate('pp.leads.timeline.from_referrer', { referrer: session.referrer }),
  ].filter(Boolean);
  return (
    <EntryFrame
      icon={<LanguageOutlined fontSize="small" />}
      title={translate(
        session.pages.length ? 'pp.leads.timeline.web_session' : 'pp.leads.timeline.form_submission',
      )}
      at={session.timestamp}
    >
      {summary.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p">
          {summary.join(' · ')}
        </Typography>
      )}
      {session.pages.length > 0 && (
        <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
          {session.pages.map((page) => (
            <Stack
              component="li"
              key={page.eventId}
              direction="row"
              spacing={1}
              alignItems="center"
              data-testid="session-page"
              data-engaged={page.engaged}
            >
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" noWrap title={page.url ?? undefined}>
                  {page.title ?? page.url}
                </Typography>
                {page.title && page.url && (
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {page.url}
                  </Typography>
                )}
              </Box>
              {page.engaged && (
                <Chip
                  size="small"
                  color="success"
                  variant="outlined"
                  icon={<LocalFireDepartmentOutlined />}
                  label={translate('pp.leads.timeline.engaged')}
                />
              )}
              <Typography variant="caption" color="text.secondary">
                {formatDuration(page.durationSeconds)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {session.forms.map((form) => (
        <FormBlock key={form.eventId} form={form} />
      ))}
    </EntryFrame>
  );
}

function FormBlock({ form }: { form: SessionForm }) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  return (
    <Box sx={{ mt: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="session-form">
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        title={dateTimeOn(form.timestamp, zone)}
      >
        {translate('pp.leads.timeline.form_submission')} · {activityTime(form.timestamp, undefined, zone)}
        {form.url ? ` · ${form.url}` : ''}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
        {form.fields.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {name}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
