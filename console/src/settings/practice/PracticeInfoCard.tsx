import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Collapse,
  FormControlLabel,
  FormHelperText,
  Grid,
  Switch,
  Typography,
} from '@mui/material';
import { validateWebsite } from '@pp/contracts';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { failureText } from '../../common/errorText';
import { SettingsTextField } from '../common/SettingsTextField';
import { useUpdatePractice, type Practice } from './api';

/**
 * Practice Information (docs/product/settings.md#practice-settings): name, Website URL ('{host}' or a full
 * URL, docs/product/leads.md#lead-fields) and, under Advanced Settings, Location-Based Lead Filtering, stored
 * as outreach_preferences.enforce_location_filtering with the other keys kept.
 */
export function PracticeInfoCard({ practice }: { practice: Practice }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`pp.settings.practice.${key}`);
  const update = useUpdatePractice(practice.practice_id);
  // The filtering switch has its own save, so a name or website save neither blocks nor flips it.
  const filteringUpdate = useUpdatePractice(practice.practice_id);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const advancedId = useId();
  const preferences = practice.outreach_preferences ?? {};
  const filtering = preferences.enforce_location_filtering === true;

  return (
    <Card variant="outlined" data-testid="practice-information">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {t('information')}
          </Typography>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={{ xs: 12, md: 6 }}>
            <SettingsTextField
              label={t('name')}
              value={practice.name}
              required
              validate={(value) => (value ? null : t('name_required'))}
              onSave={(name) => update.mutateAsync({ name })}
              testId="practice-name"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SettingsTextField
              label={t('website')}
              value={practice.website_url ?? ''}
              placeholder={t('website_placeholder')}
              validate={(value) => validateWebsite(value)}
              onSave={(url) => update.mutateAsync({ website_url: url || null })}
              testId="practice-website"
            />
          </Grid>
        </Grid>
        <Button
          size="small"
          onClick={() => setAdvancedOpen((open) => !open)}
          aria-expanded={advancedOpen}
          aria-controls={advancedId}
          endIcon={
            <ExpandMore
              sx={{ transform: advancedOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          }
        >
          {t('advanced')}
        </Button>
        <Collapse in={advancedOpen} id={advancedId}>
          <Box sx={{ pt: 1.5, pl: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={filteringUpdate.isPending ? !filtering : filtering}
                  onChange={(event) => {
                    // Not disabled while saving (that would drop keyboard focus): a change then is ignored.
                    if (filteringUpdate.isPending) return;
                    filteringUpdate.mutate({
                      // The other keys go back as they are (docs/product/settings.md#outreach-preferences).
                      outreach_preferences: {
                        ...preferences,
                        enforce_location_filtering: event.target.checked,
                      },
                    });
                  }}
                />
              }
              label={
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {t('location_filtering')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('location_filtering_help')}
                  </Typography>
                </Box>
              }
            />
            {filteringUpdate.isPending && (
              <CircularProgress size={14} aria-label={translate('pp.settings.saving')} />
            )}
            {filteringUpdate.isError && (
              <FormHelperText error role="alert">
                {failureText(filteringUpdate.error, translate('pp.leads.validation.save_failed'))}
              </FormHelperText>
            )}
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
}
