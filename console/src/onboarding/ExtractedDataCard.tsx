import { Alert, Box, Card, CardContent, CardHeader, Chip, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SessionState } from './api';
import { extractedItems, extractionNotes, type ExtractedItem } from './rules';

/**
 * The analysis-complete card (docs/product/onboarding.md#demo-session, #extracted-data): each item only when
 * present, with a small link to the page it came from. Everything here was read from the practice's website:
 * it is rendered as text only.
 */
export function ExtractedDataCard({ session }: { session: SessionState }) {
  const translate = useTranslate();
  const items = extractedItems(session.extracted_data, session.sources);
  const notes = extractionNotes(session.extracted_data);
  return (
    <Card variant="outlined" data-testid="onboarding-extracted">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {translate('pp.onboarding.extracted.title')}
          </Typography>
        }
        subheader={translate('pp.onboarding.extracted.subtitle')}
      />
      <CardContent sx={{ pt: 0 }}>
        {items.length === 0 ? (
          <Typography color="text.secondary">{translate('pp.onboarding.extracted.empty')}</Typography>
        ) : (
          <Box component="dl" sx={{ m: 0 }}>
            {items.map((item) => (
              <ExtractedRow key={item.field} item={item} />
            ))}
          </Box>
        )}
        {notes.error && (
          <Alert severity="info" sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="onboarding-note-error">
            <strong>{translate('pp.onboarding.extracted.note_error')}</strong> {notes.error}
          </Alert>
        )}
        {notes.warning && (
          <Alert
            severity="warning"
            sx={{ mt: 2, overflowWrap: 'anywhere' }}
            data-testid="onboarding-note-warning"
          >
            <strong>{translate('pp.onboarding.extracted.note_warning')}</strong> {notes.warning}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function ExtractedRow({ item }: { item: ExtractedItem }) {
  const translate = useTranslate();
  const label = translate(`pp.onboarding.extracted.${item.field}`);
  return (
    <Box sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Box
        component="dt"
        sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}
      >
        <Typography component="span" variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        {item.source && (
          <Link
            href={item.source}
            target="_blank"
            rel="noopener noreferrer"
            variant="caption"
            underline="hover"
            title={item.source}
            aria-label={translate('pp.onboarding.extracted.source_label', { label })}
          >
            {translate('pp.onboarding.extracted.source')}
          </Link>
        )}
      </Box>
      <Box
        component="dd"
        sx={{ m: 0, mt: 0.5, overflowWrap: 'anywhere' }}
        data-testid={`extracted-${item.field}`}
      >
        {typeof item.value === 'string' ? (
          <Typography sx={{ whiteSpace: 'pre-line' }}>{item.value}</Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
            {item.value.map((entry, index) => (
              <Chip
                key={`${index}-${entry}`}
                label={entry}
                size="small"
                variant="outlined"
                sx={{
                  maxWidth: '100%',
                  height: 'auto',
                  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                }}
              />
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
