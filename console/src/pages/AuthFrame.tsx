import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Brand } from '../layout/Brand';

/**
 * The frame of the sign-in and sign-up pages: the product's panel on the left from the md breakpoint up, and the
 * form in a card (with the brand above it on narrow screens, where the panel is hidden).
 */
export function AuthFrame({ maxWidth = 420, children }: { maxWidth?: number; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        sx={{
          flex: '0 0 42%',
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: 'common.white',
          background: 'linear-gradient(160deg, #0f5f73 0%, #0a4352 55%, #1d3557 100%)',
        }}
      >
        <Brand inverted />
        <Box>
          <Typography variant="h4" component="p" sx={{ mb: 2, maxWidth: 420 }}>
            {translate('pp.welcome.text')}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.7 }}>
          © {new Date().getFullYear()} {translate('pp.product')}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'grid', placeItems: 'center', p: 3 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 5 } }}>
          <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 3 }}>
            <Brand />
          </Box>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
