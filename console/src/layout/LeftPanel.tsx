import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { readStorage, StorageKeys, subscribeStorage, writeStorage } from '../providers/storage';

/**
 * Whether the page's left panel (the leads stage sidebar) is open. The sidebar toggle flips it; the choice is
 * remembered locally and defaults to open (docs/product/shell.md#sidebar, #local-storage).
 */
export const readLeftPanelOpen = () => readStorage(StorageKeys.leftPanelOpen) !== 'false';

interface LeftPanelState {
  open: boolean;
  toggle: () => void;
}

const LeftPanelContext = createContext<LeftPanelState>({ open: true, toggle: () => undefined });

export function LeftPanelProvider({ children }: { children: ReactNode }) {
  const open = useSyncExternalStore(subscribeStorage, readLeftPanelOpen, () => true);
  const toggle = useCallback(() => writeStorage(StorageKeys.leftPanelOpen, String(!readLeftPanelOpen())), []);
  return <LeftPanelContext.Provider value={{ open, toggle }}>{children}</LeftPanelContext.Provider>;
}

export const useLeftPanel = () => useContext(LeftPanelContext);
