import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import {
  configuredModalities,
  feeRequests,
  feeSummaries,
  isConfigured,
  type FeeSummary,
} from './consultationFees';
import { FeeEditor } from './FeeEditor';
import { formatMoney } from './money';
import { pricingApi } from './pricingApi';
import { pricingKeys, useConsultationFees, usePracticeLocations, usePricingMutation } from './pricingQueries';
import { MODALITIES, type Modality } from './types';
import { useFeePreviewText } from './useFeeText';

type View = { kind: 'list' } | { kind: 'choose' } | { kind: 'edit'; modality: Modality };

/**
 * The Consultation Fees tab (docs/product/settings.md#consultation-fees): the summaries, then choose a
 * modality, edit, and save or cancel; 'Stop Offering' archives the modality.
 */
export function ConsultationFeesTab({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  const previewText = useFeePreviewText();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [stopping, setStopping] = useState<Modality | null>(null);
  const { data: fees, isPending, isError } = useConsultationFees(practiceId);
  const { locations, locationsPending } = usePracticeLocations(practiceId);
  const refresh = [pricingKeys.fees(practiceId)];
  const save = usePricingMutation({
    action: 'consultation fee save',
    mutationFn: async ({
      modality,
      requests,
    }: {
      modality: Modality;
      requests: ReturnType<typeof feeRequests>;
    }) => {
      void modality;
      for (const request of requests) await pricingApi.saveConsultationFee(practiceId, request);
    },
    refresh,
    failureMessage: translate('pp.settings.pricing.fees.save_failed'),
    onSuccess: () => setView({ kind: 'list' }),
  });
  const stop = usePricingMutation({
    action: 'consultation fee archive',
    mutationFn: (modality: Modality) => pricingApi.stopModality(practiceId, modality),
    refresh,
    failureMessage: translate('pp.settings.pricing.fees.stop_failed'),
    onSuccess: () => setView({ kind: 'list' }),
  });

  const name = (modality: Modality) => translate(`pp.settings.pricing.fees.modalities.${modality}`);
  const summaryText = (summary: FeeSummary) => {
    const Modality = name(summary.modality);
    if (summary.kind === 'free_all') {
      return translate('pp.settings.pricing.fees.free_all', { modality: Modality.toLowerCase() });
    }
    if (summary.kind === 'fee_all') {
      return translate('pp.settings.pricing.fees.fee_all', {
        modality: Modality,
        fee: formatMoney(summary.fee, summary.currency),
      });
    }
    return translate('pp.settings.pricing.fees.varies', { modality: Modality });
  };

  if (isPending || locationsPending)
    return <Typography color="text.secondary">{translate('pp.common.loading')}</Typography>;
  if (isError) return <Alert severity="error">{translate('pp.settings.pricing.fees.load_failed')}</Alert>;

  if (view.kind === 'edit') {
    const modality = view.modality;
    return (
      <>
        <FeeEditor
          key={modality}
          modality={modality}
          fees={fees?.[modality]}
          locations={locations}
          saving={save.isPending}
          stopping={stop.isPending}
          onSave={(requests) => save.mutate({ modality, requests })}
          onCancel={() => setView({ kind: 'list' })}
          onStop={isConfigured(fees?.[modality]) ? () => setStopping(modality) : null}
        />
        <Confirm
          isOpen={stopping !== null}
          title="pp.settings.pricing.fees.stop_title"
          content="pp.settings.pricing.fees.stop_confirm"
          translateOptions={{ modality: stopping ? name(stopping) : '' }}
          loading={stop.isPending}
          onConfirm={() => {
            if (stopping) stop.mutate(stopping);
            setStopping(null);
          }}
          onClose={() => setStopping(null)}
        />
      </>
    );
  }

  if (view.kind === 'choose') {
    return (
      <Stack spacing={2}>
        <Typography variant="subtitle1" component="h2">
          {translate('pp.settings.pricing.fees.choose')}
        </Typography>
        <Stack direction="row" spacing={2}>
          {MODALITIES.map((modality) => (
            <Card key={modality} variant="outlined" sx={{ minWidth: 200 }}>
              <CardActionArea onClick={() => setView({ kind: 'edit', modality })}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="subtitle1">{name(modality)}</Typography>
                  {isConfigured(fees?.[modality]) && (
                    <Chip size="small" color="success" label={translate('pp.settings.pricing.fees.active')} />
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {translate('pp.settings.pricing.fees.tip')}
        </Typography>
        <Box>
          <Button onClick={() => setView({ kind: 'list' })}>{translate('ra.action.cancel')}</Button>
        </Box>
      </Stack>
    );
  }

  const summaries = feeSummaries(fees, locations);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {summaries.length === 0 ? (
        <Typography color="text.secondary">{translate('pp.settings.pricing.fees.none')}</Typography>
      ) : (
        summaries.map((summary) => (
          <Box key={summary.modality} data-testid={`fee-summary-${summary.modality}`}>
            <Typography>{summaryText(summary)}</Typography>
            {summary.kind === 'varies' && (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {summary.locations.map((location) => (
                  <Typography component="li" variant="body2" key={location.name}>
                    {translate('pp.settings.pricing.fees.location_fee', {
                      location: location.name,
                      fee: previewText(location.preview),
                    })}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ))
      )}
      <Button
        variant={summaries.length === 0 ? 'contained' : 'outlined'}
        onClick={() => setView({ kind: 'choose' })}
      >
        {translate(
          configuredModalities(fees).length === 0
            ? 'pp.settings.pricing.fees.setup'
            : 'pp.settings.pricing.fees.edit',
        )}
      </Button>
    </Stack>
  );
}
