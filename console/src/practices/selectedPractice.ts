import { useSyncExternalStore } from 'react';
import { readStorage, StorageKeys, subscribeStorage, writeStorage } from '../providers/storage';

/** The selected practice id, remembered under `selectedPracticeId` (docs/product/shell.md#local-storage). */
export const getSelectedPracticeId = () => readStorage(StorageKeys.selectedPractice);
export const setSelectedPracticeId = (id: string | null) => writeStorage(StorageKeys.selectedPractice, id);

export function useSelectedPracticeId(): string | null {
  return useSyncExternalStore(subscribeStorage, getSelectedPracticeId, () => null);
}

/**
 * Which practice to use (docs/product/settings.md): the stored one when it is among the user's practices,
 * otherwise the first of them (null when the user has none).
 */
export function resolveSelectedPractice<P extends { practice_id: string }>(
  storedId: string | null,
  practices: readonly P[],
): P | null {
  return practices.find((practice) => practice.practice_id === storedId) ?? practices[0] ?? null;
}
