import { Alert, Box, Button, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { groupPricingHistory } from '@pp/contracts';
import { dateTime } from './format';
import { usePricingHistory } from './pricingQueries';

/**
 * The pricing history of one procedure (docs/product/settings.md#pricing-history): grouped to the second,
 * newest first, the current one marked, worded by @pp/contracts' groupPricingHistory.
 */
export function PricingHistoryPanel({
  practiceId,
  procedureId,
  procedureName,
  onClose,
}: {
  practiceId: string;
  procedureId: string;
  procedureName: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { data, isPending, isError, error } = usePricingHistory(practiceId, procedureId);
  // The product only logs this failure (docs/product/settings.md#errors); the panel also says it.
  useEffect(() => {
    if (error)
      console.error('Pricing settings: history fetch failed', {
        status: (error as { status?: number }).status ?? null,
      });
  }, [error]);
  const groups = useMemo(() => groupPricingHistory(data ?? []), [data]);
  const titleId = `pricing-history-${procedureId}`;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-labelledby={titleId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600 }}>
          {translate('pp.settings.pricing.history.title', { procedure: procedureName })}
        </Typography>
        <Button size="small" onClick={onClose}>
          {translate('pp.settings.pricing.history.close')}
        </Button>
      </Stack>
      {isPending ? (
        <Typography color="text.secondary">{translate('pp.settings.pricing.history.loading')}</Typography>
      ) : isError ? (
        <Alert severity="error">{translate('pp.settings.pricing.history.failed')}</Alert>
      ) : groups.length === 0 ? (
        <Typography color="text.secondary">{translate('pp.settings.pricing.history.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {groups.map((group) => (
            <ListItem key={group.at} disableGutters sx={{ display: 'block' }} data-testid="history-group">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {dateTime(group.at)}
                {group.current && (
                  <Box component="span" sx={{ ml: 1, color: 'success.main' }}>
                    {translate('pp.settings.pricing.history.current')}
                  </Box>
                )}
              </Typography>
              {group.lines.map((line, index) => (
                <Typography key={index} variant="body2" color="text.secondary">
                  {line}
                </Typography>
              ))}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
