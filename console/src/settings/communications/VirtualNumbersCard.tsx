import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useProvisionNumber } from './api';
import type { VirtualNumber } from './rules';

const AREA_CODE = /^[2-9][0-9]{2}$/;

/**
 * The practice's virtual numbers with their capabilities, and getting one through Twilio
 * (docs/product/channels.md#virtual-numbers): the phone and SMS channels need the default number.
 */
export function VirtualNumbersCard({
  practiceId,
  numbers,
}: {
  practiceId: string;
  numbers: readonly VirtualNumber[];
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) =>
    translate(`pp.settings.communications.numbers.${key}`, options);
  const provision = useProvisionNumber(practiceId);
  const [areaCode, setAreaCode] = useState('');
  const invalid = areaCode !== '' && !AREA_CODE.test(areaCode);

  return (
    <Card variant="outlined" data-testid="virtual-numbers">
      <CardContent>
        <Typography variant="h6" component="h3">
          {t('title')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
          {t('intro')}
        </Typography>
        {numbers.length === 0 ? (
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('none')}
          </Typography>
        ) : (
          <Stack spacing={1} sx={{ mb: 2 }}>
            {numbers.map((number) => (
              <Stack
                key={number.phone_number}
                direction="row"
                spacing={1}
                alignItems="center"
                flexWrap="wrap"
                data-testid="virtual-number"
              >
                <Typography fontWeight={600}>{number.phone_number}</Typography>
                <Chip
                  size="small"
                  label={number.assignment_type === 'practice_default' ? t('default') : t('additional')}
                />
                {!number.is_active && <Chip size="small" color="warning" label={t('inactive')} />}
                {number.capabilities?.voice && <Chip size="small" variant="outlined" label={t('voice')} />}
                {number.capabilities?.sms && <Chip size="small" variant="outlined" label={t('sms')} />}
              </Stack>
            ))}
          </Stack>
        )}
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (!invalid) provision.mutate(areaCode);
          }}
        >
          <TextField
            size="small"
            label={t('area_code')}
            value={areaCode}
            onChange={(event) => setAreaCode(event.target.value.replace(/\D/g, '').slice(0, 3))}
            error={invalid}
            helperText={invalid ? t('area_code_invalid') : t('area_code_help')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 220 }}
          />
          <Button type="submit" variant="outlined" disabled={invalid || provision.isPending}>
            {provision.isPending ? t('getting') : t('get')}
          </Button>
        </Box>
        {provision.isError && (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="virtual-number-error">
            {provision.error.message}
          </Alert>
        )}
        {provision.isSuccess && (
          <Alert severity="success" sx={{ mt: 1.5 }}>
            {t('got', { number: provision.data.phone_number })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
