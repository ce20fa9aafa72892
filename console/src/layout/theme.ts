import { createTheme } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';

/**
 * A calm, clinical look: deep teal for actions, slate text on a cool off-white, soft borders instead of heavy
 * shadows, and Inter (bundled, no third-party font request) at sizes that read well on a 13–15" laptop.
 */
const palette = {
  primary: { main: '#0f5f73', light: '#3f8a9c', dark: '#0a4352', contrastText: '#ffffff' },
  secondary: { main: '#5b4fc4', contrastText: '#ffffff' },
  success: { main: '#2e7d5b' },
  warning: { main: '#b7791f' },
  error: { main: '#c2413b' },
  info: { main: '#2f6db3' },
  background: { default: '#f4f7f9', paper: '#ffffff' },
  text: { primary: '#1c2b36', secondary: '#5a6b78' },
  divider: '#e2e8ee',
};

export const SHELL = {
  topBarHeight: 60,
  sidebarWidth: 68,
  assistantWidth: 320,
};

/**
 * The keyboard focus ring: visible on every control reached by keyboard (icon buttons, stage items, quick
 * actions, menus, links, inline fields), never on a mouse click (:focus-visible).
 */
export const FOCUS_RING = { outline: `3px solid ${palette.primary.light}`, outlineOffset: 2 } as const;

export const theme: RaThemeOptions = createTheme({
  palette,
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, sans-serif',
    fontSize: 14,
    h1: { fontSize: '2.6rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 650 },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    button: { textTransform: 'none', fontWeight: 600 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':where(a, button, summary, select, [role="button"], [role="link"], [role="menuitem"], [tabindex]:not([tabindex="-1"])):focus-visible':
          FOCUS_RING,
      },
    },
    // MUI removes the outline of its buttons (outline: 0); put the ring back for keyboard focus.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': FOCUS_RING } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: palette.divider } },
    },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
