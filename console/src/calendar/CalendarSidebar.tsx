import {
  Box,
  Checkbox,
  Divider,
  FormControlLabel,
  FormGroup,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useTranslate } from 'react-admin';
import type { CalendarFilters, Overview } from './calendarRules';
import type { LocationRow } from './calendarQueries';
import { StatusLabel } from './StatusLabel';

export const SIDEBAR_WIDTH = 260;

/** The left filter sidebar (docs/product/calendar.md#filters): Locations, Status, Search and a Calendar Overview. */
export function CalendarSidebar({
  filters,
  onChange,
  locations,
  statuses,
  overview,
}: {
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
  locations: readonly LocationRow[];
  statuses: readonly string[];
  overview: Overview;
}) {
  const translate = useTranslate();
  const toggle = (list: readonly string[], value: string) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
  return (
    <Box
      component="aside"
      aria-label={translate('pp.calendar.filters.title')}
      data-testid="calendar-sidebar"
      sx={{
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowY: 'auto',
        p: 2,
      }}
    >
      <Stack spacing={2}>
        <section aria-labelledby="calendar-filter-locations">
          <Typography id="calendar-filter-locations" variant="subtitle2" component="h2" gutterBottom>
            {translate('pp.calendar.filters.locations')}
          </Typography>
          {locations.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('pp.calendar.filters.all_locations')}
            </Typography>
          ) : (
            <FormGroup>
              {locations.map((location) => (
                <FormControlLabel
                  key={location.location_id}
                  control={
                    <Checkbox
                      size="small"
                      checked={filters.locations.includes(location.location_id)}
                      onChange={() =>
                        onChange({ ...filters, locations: toggle(filters.locations, location.location_id) })
                      }
                    />
                  }
                  label={location.name}
                />
              ))}
            </FormGroup>
          )}
        </section>
        <Divider />
        <section aria-labelledby="calendar-filter-status">
          <Typography id="calendar-filter-status" variant="subtitle2" component="h2" gutterBottom>
            {translate('pp.calendar.filters.status')}
          </Typography>
          <FormGroup>
            {statuses.map((status) => (
              <FormControlLabel
                key={status}
                control={
                  <Checkbox
                    size="small"
                    checked={filters.statuses.includes(status)}
                    onChange={() => onChange({ ...filters, statuses: toggle(filters.statuses, status) })}
                  />
                }
                label={<StatusLabel status={status} />}
              />
            ))}
          </FormGroup>
        </section>
        <Divider />
        <section aria-labelledby="calendar-filter-search">
          <Typography id="calendar-filter-search" variant="subtitle2" component="h2" gutterBottom>
            {translate('pp.calendar.filters.search')}
          </Typography>
          <TextField
            size="small"
            fullWidth
            value={filters.search}
            placeholder={translate('pp.calendar.filters.search_placeholder')}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
            slotProps={{
              htmlInput: { 'aria-label': translate('pp.calendar.filters.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </section>
        <Divider />
        <section aria-labelledby="calendar-overview" data-testid="calendar-overview">
          <Typography id="calendar-overview" variant="subtitle2" component="h2" gutterBottom>
            {translate('pp.calendar.filters.overview')}
          </Typography>
          <OverviewRow label={translate('pp.calendar.filters.total')} value={overview.total} />
          <OverviewRow label={translate('pp.calendar.filters.shown')} value={overview.shown} />
          {statuses.map((status) => (
            <OverviewRow
              key={status}
              label={<StatusLabel status={status} />}
              value={overview.byStatus[status] ?? 0}
            />
          ))}
        </section>
      </Stack>
    </Box>
  );
}

function OverviewRow({ label, value }: { label: React.ReactNode; value: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}
