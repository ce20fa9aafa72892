import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  FormHelperText,
  Grid,
  IconButton,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { failureText } from '../../common/errorText';
import { SettingsSelectField } from '../common/SettingsSelectField';
import { SettingsTextField } from '../common/SettingsTextField';
import { joinAddress, parseAddress, zipProblem, type AddressParts } from './address';
import { useMakePrimary, useUpdateLocation, type Location, type LocationChanges } from './api';
import { BusinessHoursEditor } from './BusinessHoursEditor';
import { TIMEZONES, US_STATES } from './constants';
import { DeleteLocationDialog } from './DeleteLocationDialog';
import { effectiveHours, inheritsHours, overrideHours } from './hours';
import { formatPhoneAsTyped, phoneProblem, phoneToSave } from './phone';

const required = (message: string) => (value: string) => (value.trim() ? null : message);

/**
 * One location (docs/product/settings.md#practice-settings): the primary with a read-only primary toggle, a
 * secondary with Make Primary, a delete button and inheritable hours. Every field saves on its own.
 */
export function LocationCard({
  practiceId,
  location,
  primary,
}: {
  practiceId: string;
  location: Location;
  primary: Location | undefined;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.practice.${key}`, options);
  const update = useUpdateLocation(practiceId);
  const makePrimary = useMakePrimary(practiceId);
  // Override / Reset to Inherited: their own save, so the buttons wait for it and show when it fails.
  const hoursMode = useUpdateLocation(practiceId);
  const setHoursMode = (business_hours: LocationChanges['business_hours']) =>
    hoursMode.mutate({ locationId: location.location_id, changes: { business_hours } });
  const [deleting, setDeleting] = useState(false);
  const isPrimary = location.is_primary;
  const save = (changes: LocationChanges) =>
    update.mutateAsync({ locationId: location.location_id, changes });
  const address = parseAddress(location.address);
  const saveAddress = (part: keyof AddressParts) => (value: string) =>
    save({ address: joinAddress({ ...address, [part]: value }) });
  const inherited = inheritsHours(location);
  const testId = isPrimary ? 'primary-location' : 'secondary-location';

  return (
    <Card variant="outlined" data-testid={testId} data-location-id={location.location_id}>
      <CardHeader
        title={
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="h6" component="h2">
              {isPrimary ? t('primary_location') : location.name}
            </Typography>
            {isPrimary && <Chip size="small" color="primary" label={location.name} />}
          </Stack>
        }
        action={
          isPrimary ? undefined : (
            <Tooltip title={t('delete', { name: location.name })}>
              <IconButton aria-label={t('delete', { name: location.name })} onClick={() => setDeleting(true)}>
                <DeleteOutline />
              </IconButton>
            </Tooltip>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <SettingsTextField
              label={t('location_name')}
              value={location.name}
              required
              validate={required(t('location_name_required'))}
              onSave={(name) => save({ name })}
              testId="location-name"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SettingsTextField
              label={t('phone')}
              type="tel"
              value={location.phone ?? ''}
              placeholder="(555) 123-4567"
              normalise={formatPhoneAsTyped}
              validate={(value) => phoneProblem(value)}
              toSave={phoneToSave}
              onSave={(phone) => save({ phone })}
              testId="location-phone"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SettingsSelectField
              label={t('timezone')}
              required
              value={location.timezone}
              options={TIMEZONES.map((zone) => ({ value: zone.value, label: translate(zone.label) }))}
              onSave={(timezone) => save({ timezone })}
              testId="location-timezone"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'flex-start', pt: 0.5 }}>
            {isPrimary ? (
              <FormControlLabel
                control={<Switch checked disabled />}
                label={t('is_primary')}
                data-testid="primary-toggle"
              />
            ) : (
              <FormControlLabel
                control={
                  <Switch
                    checked={makePrimary.isPending}
                    disabled={makePrimary.isPending}
                    onChange={() =>
                      makePrimary.mutate({
                        locationId: location.location_id,
                        previousId: primary?.location_id,
                      })
                    }
                  />
                }
                label={t('make_primary')}
              />
            )}
            {makePrimary.isError && (
              <FormHelperText error role="alert">
                {failureText(makePrimary.error, translate('pp.leads.validation.save_failed'))}
              </FormHelperText>
            )}
          </Grid>
        </Grid>

        <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1.5 }}>
          {t('address')}
        </Typography>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={12}>
            <SettingsTextField
              label={t('street')}
              value={address.street}
              required
              validate={required(t('street_required'))}
              onSave={saveAddress('street')}
              testId="location-street"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <SettingsTextField
              label={t('city')}
              value={address.city}
              required
              validate={required(t('city_required'))}
              onSave={saveAddress('city')}
              testId="location-city"
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <SettingsSelectField
              label={t('state')}
              required
              value={address.state}
              placeholder={t('state_placeholder')}
              options={US_STATES.map((code) => ({ value: code, label: code }))}
              onSave={saveAddress('state')}
              testId="location-state"
            />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <SettingsTextField
              label={t('zip')}
              value={address.zip}
              validate={zipProblem}
              onSave={saveAddress('zip')}
              testId="location-zip"
            />
          </Grid>
        </Grid>

        <Stack direction="row" alignItems="center" spacing={1.5} sx={{ mt: 1, mb: 1 }}>
          <Typography variant="subtitle2" component="h3">
            {t('hours')}
          </Typography>
          {inherited && <Chip size="small" variant="outlined" label={t('inherited')} />}
          <Box sx={{ flex: 1 }} />
          {!isPrimary &&
            (inherited ? (
              <Button
                size="small"
                disabled={hoursMode.isPending}
                onClick={() => setHoursMode(overrideHours(primary))}
              >
                {t('override')}
              </Button>
            ) : (
              <Button size="small" disabled={hoursMode.isPending} onClick={() => setHoursMode(null)}>
                {t('reset')}
              </Button>
            ))}
        </Stack>
        {hoursMode.isError && (
          <FormHelperText error role="alert" sx={{ mb: 1 }}>
            {failureText(hoursMode.error, translate('pp.leads.validation.save_failed'))}
          </FormHelperText>
        )}
        <BusinessHoursEditor
          label={`${location.name} ${t('hours')}`}
          hours={effectiveHours(location, primary)}
          readOnly={inherited}
          onSave={(business_hours) => save({ business_hours })}
        />
      </CardContent>
      {deleting && (
        <DeleteLocationDialog
          practiceId={practiceId}
          location={location}
          onClose={() => setDeleting(false)}
        />
      )}
    </Card>
  );
}
