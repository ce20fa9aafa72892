import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { LiveProvider } from '../live/LiveProvider';
import { AssistantPanel, AssistantPanelProvider } from './AssistantPanel';
import { IconSidebar } from './IconSidebar';
import { LeftPanelProvider } from './LeftPanel';
import { TopBar } from './TopBar';

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
            <TopBar />
            <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
              <IconSidebar />
              <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
                {children}
              </Box>
              <AssistantPanel />
            </Box>
          </Box>
        </AssistantPanelProvider>
      </LeftPanelProvider>
    </LiveProvider>
  );
}
