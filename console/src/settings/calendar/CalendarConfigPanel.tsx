import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocations } from '../practice/api';
import { useCalendarAssignments, useProviderCalendars, useSaveAssignments } from './api';
import {
  assignmentProblem,
  assignmentsBody,
  draftFrom,
  type AssignmentDraft,
  type AssignmentMode,
} from './assignments';
import type { CalendarAssignment, CalendarIntegration, ProviderCalendar } from './types';

/**
 * An integration's calendar configuration (docs/product/settings.md#calendar-integrations): one calendar for
 * all locations, or one per location. Saving needs a chosen calendar, or one for every location; otherwise
 * 'Please select a calendar for all locations.' or 'Please select a calendar for each location.'. The saved
 * answer's summary is shown; a failed save is only logged.
 */
export function CalendarConfigPanel({
  practiceId,
  integration,
}: {
  practiceId: string;
  integration: CalendarIntegration;
}) {
  const translate = useTranslate();
  const id = integration.calendar_integration_id;
  const calendars = useProviderCalendars(id, true);
  const assignments = useCalendarAssignments(practiceId, true);
  const locations = useLocations(practiceId);
  const loading = calendars.isLoading || assignments.isLoading || locations.isLoading;

  return (
    <Box sx={{ mt: 2 }} data-testid="calendar-config-panel">
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle1" component="h4" sx={{ mb: 1, fontWeight: 600 }}>
        {translate('pp.settings.calendar_integrations.config.title')}
      </Typography>
      {loading ? (
        <Stack direction="row" spacing={1.5} alignItems="center" role="status">
          <CircularProgress size={18} />
          <Typography>{translate('pp.settings.calendar_integrations.config.loading')}</Typography>
        </Stack>
      ) : (
        <AssignmentForm
          practiceId={practiceId}
          integrationId={id}
          saved={(assignments.data ?? []).filter((entry) => entry.calendar_integration_id === id)}
          calendars={calendars.data ?? []}
          locations={(locations.data ?? []).filter((location) => location.is_active)}
        />
      )}
    </Box>
  );
}

/** The calendars to offer: the provider's, and any saved one the provider did not list (kept selectable). */
function calendarOptions(calendars: ProviderCalendar[], saved: CalendarAssignment[]): ProviderCalendar[] {
  const options = [...calendars];
  for (const entry of saved)
    if (entry.external_calendar_id && !options.some((option) => option.id === entry.external_calendar_id))
      options.push({
        id: entry.external_calendar_id,
        name: entry.calendar_name ?? entry.external_calendar_id,
        description: null,
      });
  return options;
}

function AssignmentForm({
  practiceId,
  integrationId,
  saved,
  calendars,
  locations,
}: {
  practiceId: string;
  integrationId: string;
  saved: CalendarAssignment[];
  calendars: ProviderCalendar[];
  locations: { location_id: string; name: string }[];
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) =>
    translate(`pp.settings.calendar_integrations.config.${key}`, options);
  const [draft, setDraft] = useState<AssignmentDraft>(() => draftFrom(saved));
  const save = useSaveAssignments(practiceId, integrationId);
  const options = useMemo(() => calendarOptions(calendars, saved), [calendars, saved]);
  const locationIds = locations.map((location) => location.location_id);
  const problem = assignmentProblem(draft, locationIds);

  const calendarSelect = (label: string, value: string, onChange: (value: string) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        save.reset();
        onChange(event.target.value);
      }}
      sx={{ width: { xs: '100%', sm: 440 } }}
    >
      <MenuItem value="">
        <em>{t('no_calendar')}</em>
      </MenuItem>
      {options.map((calendar) => (
        <MenuItem key={calendar.id} value={calendar.id}>
          {calendar.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2} alignItems="flex-start">
      <RadioGroup
        row
        aria-label={t('mode')}
        value={draft.mode}
        onChange={(event) => {
          save.reset();
          setDraft({ ...draft, mode: event.target.value as AssignmentMode });
        }}
      >
        <FormControlLabel value="all_locations" control={<Radio />} label={t('all_locations')} />
        <FormControlLabel value="per_location" control={<Radio />} label={t('per_location')} />
      </RadioGroup>

      {draft.mode === 'all_locations' ? (
        calendarSelect(t('calendar'), draft.allCalendarId, (value) =>
          setDraft({ ...draft, allCalendarId: value }),
        )
      ) : (
        <Stack spacing={1.5}>
          {locations.map((location) => (
            <Box key={location.location_id}>
              {calendarSelect(
                t('calendar_for', { location: location.name }),
                draft.perLocation[location.location_id] ?? '',
                (value) =>
                  setDraft({
                    ...draft,
                    perLocation: { ...draft.perLocation, [location.location_id]: value },
                  }),
              )}
            </Box>
          ))}
        </Stack>
      )}

      {problem && (
        <Alert severity="warning" data-testid="calendar-assignment-warning">
          {problem === 'all' ? t('warning_all') : t('warning_each')}
        </Alert>
      )}
      {save.data && (
        <Alert severity="success" data-testid="calendar-assignment-summary">
          {save.data.summary.message}
        </Alert>
      )}
      <Button
        variant="contained"
        disabled={!!problem || save.isPending}
        onClick={() => save.mutate(assignmentsBody(draft, locationIds, options))}
      >
        {save.isPending ? t('saving') : t('save')}
      </Button>
    </Stack>
  );
}
