import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** While a lazily loaded page's code arrives (the calendar). */
export function PageLoading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={{ minHeight: 240, display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
    >
      <CircularProgress size={32} />
      <Typography color="text.secondary">{translate('pp.common.loading')}</Typography>
    </Box>
  );
}
