import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import { Alert, Box, Card, CardActionArea, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { failureText } from '../../common/errorText';
import { ErrorState } from '../../common/ErrorState';
import type { SettingsPageProps } from '../categories';
import { useCreateLocation, useLocations, usePractice } from './api';
import { LocationCard } from './LocationCard';
import { PracticeInfoCard } from './PracticeInfoCard';
import { TrackingSnippetCard } from './TrackingSnippetCard';

/**
 * The Practice Locations category (docs/product/settings.md#practice-settings): Practice Information, the
 * primary location, one card per secondary location, Add Another Location and Website Tracking (the snippet).
 */
export function PracticeSettings({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const practice = usePractice(practiceId);
  const locations = useLocations(practiceId);
  const create = useCreateLocation(practiceId);

  if (practice.isPending || locations.isPending) {
    return (
      <Stack direction="row" spacing={1.5} alignItems="center" role="status">
        <CircularProgress size={20} />
        <Typography>{translate('pp.settings.practice.loading')}</Typography>
      </Stack>
    );
  }
  const error = practice.error ?? locations.error;
  if (error || !practice.data || !locations.data) {
    return (
      <Alert severity="error">
        {translate('pp.settings.practice.load_failed', { message: (error as Error | null)?.message ?? '' })}
      </Alert>
    );
  }

  const primary = locations.data.find((location) => location.is_primary);
  const secondaries = locations.data.filter((location) => !location.is_primary);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <PracticeInfoCard practice={practice.data} />
      {primary && (
        <LocationCard
          key={primary.location_id}
          practiceId={practiceId}
          location={primary}
          primary={primary}
        />
      )}
      {secondaries.map((location) => (
        <LocationCard
          key={location.location_id}
          practiceId={practiceId}
          location={location}
          primary={primary}
        />
      ))}
      <Card variant="outlined" sx={{ borderStyle: 'dashed' }}>
        <CardActionArea
          onClick={() => create.mutate()}
          disabled={create.isPending}
          sx={{ p: 3 }}
          data-testid="add-location"
        >
          <Stack direction="row" spacing={2} alignItems="center">
            {create.isPending ? <CircularProgress size={24} /> : <AddLocationAltOutlined color="primary" />}
            <Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {create.isPending
                  ? translate('pp.settings.practice.adding')
                  : translate('pp.settings.practice.add_location')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('pp.settings.practice.add_location_help')}
              </Typography>
            </Box>
          </Stack>
        </CardActionArea>
      </Card>
      {create.isError && (
        <ErrorState
          testId="add-location-failed"
          message={failureText(create.error, translate('pp.leads.validation.save_failed'))}
          onRetry={() => create.mutate()}
        />
      )}
      <TrackingSnippetCard practice={practice.data} />
    </Stack>
  );
}
