import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import KeyboardDoubleArrowRight from '@mui/icons-material/KeyboardDoubleArrowRight';
import { Box, ButtonBase, IconButton, Tooltip, Typography } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslate } from 'react-admin';
import { SHELL_BREAKPOINTS, useWideWindow } from './responsive';
import { SHELL } from './theme';

type Area = 'header' | 'body' | 'footer';

interface Slots {
  nodes: Partial<Record<Area, HTMLElement | null>>;
  filled: Record<Area, number>;
  register: (area: Area) => () => void;
}

const AssistantContext = createContext<Slots | null>(null);

/**
 * The right-hand 'AI Assistant' panel (docs/product/shell.md). It has header, body and footer areas;
 * a page fills them with <AssistantSlot area="…">, e.g. the leads page's 'Chat about {lead name}'.
 */
export function AssistantPanelProvider({ children }: { children: ReactNode }) {
  const [nodes, setNodes] = useState<Slots['nodes']>({});
  const [filled, setFilled] = useState<Slots['filled']>({ header: 0, body: 0, footer: 0 });
  const register = useCallback((area: Area) => {
    setFilled((current) => ({ ...current, [area]: current[area] + 1 }));
    return () => setFilled((current) => ({ ...current, [area]: current[area] - 1 }));
  }, []);
  return (
    <AssistantContext.Provider value={{ nodes, filled, register }}>
      <SlotNodesContext.Provider value={setNodes}>{children}</SlotNodesContext.Provider>
    </AssistantContext.Provider>
  );
}

const SlotNodesContext = createContext<(update: (nodes: Slots['nodes']) => Slots['nodes']) => void>(
  () => undefined,
);

/** Renders its children into one area of the assistant panel. */
export function AssistantSlot({ area, children }: { area: Area; children: ReactNode }) {
  const slots = useContext(AssistantContext);
  const register = slots?.register;
  useEffect(() => register?.(area), [register, area]);
  const node = slots?.nodes[area];
  return node ? createPortal(children, node) : null;
}

export function AssistantPanel() {
  const translate = useTranslate();
  const slots = useContext(AssistantContext);
  const setNodes = useContext(SlotNodesContext);
  // Contextual: a column of its own only on a wide window and while a page has something to say in it (the
  // leads workspace's lead). Elsewhere (calendar, analytics, settings) and on narrower windows it starts closed
  // as a labelled rail and opens over the page, so it never takes width from the page's main task.
  const wide = useWideWindow(SHELL_BREAKPOINTS.assistantInline);
  const hasSomethingToSay = Boolean(slots && slots.filled.body > 0);
  const inline = wide && hasSomethingToSay;
  const [open, setOpen] = useState(inline);
  const [wasInline, setWasInline] = useState(inline);
  if (wasInline !== inline) {
    setWasInline(inline);
    setOpen(inline);
  }
  // Stable callback refs: a new function each render would detach and re-attach the node every time.
  const slotRefs = useMemo(() => {
    const refFor = (area: Area) => (node: HTMLElement | null) =>
      setNodes((current) => (current[area] === node ? current : { ...current, [area]: node }));
    return { header: refFor('header'), body: refFor('body'), footer: refFor('footer') };
  }, [setNodes]);

  if (!open) {
    return (
      <Box
        component="aside"
        data-testid="assistant-rail"
        sx={{ borderLeft: 1, borderColor: 'divider', bgcolor: 'background.paper', flexShrink: 0, width: 40 }}
      >
        <Tooltip title={translate('pp.shell.show_assistant')} placement="left">
          <ButtonBase
            aria-label={translate('pp.shell.show_assistant')}
            onClick={() => setOpen(true)}
            sx={{
              width: '100%',
              py: 1.5,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 1,
              color: 'text.secondary',
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <KeyboardDoubleArrowLeft fontSize="small" />
            <AutoAwesomeOutlined fontSize="small" color="secondary" />
            {/* The rail says what it opens: a bare « icon was easy to miss. */}
            <Typography
              variant="caption"
              aria-hidden
              sx={{ writingMode: 'vertical-rl', fontWeight: 600, letterSpacing: 0.5 }}
            >
              {translate('pp.shell.assistant_title')}
            </Typography>
          </ButtonBase>
        </Tooltip>
      </Box>
    );
  }
  return (
    <Box
      component="aside"
      aria-label={translate('pp.shell.assistant_title')}
      data-testid="assistant-panel"
      data-overlay={inline ? undefined : 'true'}
      onKeyDown={(event) => {
        if (!inline && event.key === 'Escape') setOpen(false);
      }}
      sx={{
        width: SHELL.assistantWidth,
        maxWidth: '100%',
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        ...(inline
          ? {}
          : { position: 'absolute', top: 0, right: 0, bottom: 0, zIndex: 'drawer', boxShadow: 8 }),
      }}
    >
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <AutoAwesomeOutlined fontSize="small" color="secondary" />
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('pp.shell.assistant_title')}
          </Typography>
          <Tooltip title={translate('pp.shell.hide_assistant')} placement="left">
            <IconButton
              size="small"
              aria-label={translate('pp.shell.hide_assistant')}
              onClick={() => setOpen(false)}
              // Opened over the page: focus goes into it, so Escape and Tab work there at once.
              autoFocus={!inline}
            >
              <KeyboardDoubleArrowRight fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Box ref={slotRefs.header} data-slot="assistant-header" />
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto', p: 2 }}>
        <Box ref={slotRefs.body} data-slot="assistant-body" />
        {slots && slots.filled.body === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('pp.shell.assistant_empty')}
          </Typography>
        )}
      </Box>
      <Box
        ref={slotRefs.footer}
        data-slot="assistant-footer"
        sx={{ borderTop: 1, borderColor: 'divider', p: 2, '&:empty': { display: 'none' } }}
      />
    </Box>
  );
}
