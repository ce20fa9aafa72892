import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown on a protected route while the token is being checked (docs/product/shell.md). */
export function VerifyingAuth() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={{
        height: '100%',
        minHeight: 240,
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={32} />
      <Typography color="text.secondary">{translate('pp.auth.verifying')}</Typography>
    </Box>
  );
}
