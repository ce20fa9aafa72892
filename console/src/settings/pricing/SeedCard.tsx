import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The seed card: 'Reset from Extracted Data' (POST seed-from-extracted, docs/product/settings.md#procedure-pricing). */
export function SeedCard({ busy, onSeed }: { busy: boolean; onSeed: () => void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <div>
            <Typography variant="subtitle2" component="h2">
              {translate('pp.settings.pricing.seed.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('pp.settings.pricing.seed.text')}
            </Typography>
          </div>
          <Button variant="outlined" onClick={onSeed} disabled={busy} sx={{ flexShrink: 0 }}>
            {translate(busy ? 'pp.settings.pricing.seed.busy' : 'pp.settings.pricing.seed.button')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
