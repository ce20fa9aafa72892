import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The product mark and name. */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 30, height: 30 }} />
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 700, letterSpacing: '-0.01em', color: inverted ? 'common.white' : 'text.primary' }}
      >
        {translate('pp.product')}
      </Typography>
    </Box>
  );
}
