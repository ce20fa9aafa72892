import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LiveProvider } from '../live/LiveProvider';
import { AssistantPanel, AssistantPanelProvider } from './AssistantPanel';
import { IconSidebar } from './IconSidebar';
import { SectionBoundary } from '../common/SectionBoundary';
import { LeftPanelProvider } from './LeftPanel';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';

/** The page fails alone: the top bar, navigation and assistant stay usable. Reset by moving to another page. */
function PageBoundary({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <SectionBoundary name="page" resetKey={pathname}>
      {children}
    </SectionBoundary>
  );
}

/**
 * The staff shell: top bar; below it the icon sidebar, the page and the AI Assistant panel. The live
 * connection of the selected practice stays open while the shell is shown.
 */
export function Layout({ children }: { children?: ReactNode }) {
  return (
    <LiveProvider>
      <LeftPanelProvider>
        <AssistantPanelProvider>
          <Box
            sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
          >
            <SkipLink />
            <TopBar />
            {/* relative: on narrower windows the assistant panel opens over the page */}
            <Box sx={{ flex: 1, minHeight: 0, display: 'flex', position: 'relative' }}>
              <IconSidebar />
              <Box
                component="main"
                id={MAIN_CONTENT_ID}
                tabIndex={-1}
                sx={{ flex: 1, minWidth: 0, overflow: 'auto', outline: 'none' }}
              >
                <PageBoundary>{children}</PageBoundary>
              </Box>
              <AssistantPanel />
            </Box>
          </Box>
        </AssistantPanelProvider>
      </LeftPanelProvider>
    </LiveProvider>
  );
}
