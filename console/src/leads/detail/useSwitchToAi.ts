import { LeadActionMessages } from '@pp/contracts';
import { useLogAction } from '../api/personQueries';

/** The switch back to AI control (docs/product/lead-panel.md): the action, its notes and the mode. */
export const SWITCH_TO_AI = {
  action: 'switch_control_mode',
  notes: LeadActionMessages.switchedToAi,
  control_mode: 'ai',
} as const;

/** Posts the switch back to AI control; the lead, its events, the stats and the lists are then refreshed. */
export function useSwitchToAi(personId: string) {
  const logAction = useLogAction(personId);
  return {
    switchToAi: () => logAction.mutate(SWITCH_TO_AI),
    isPending: logAction.isPending,
    error: logAction.error,
  };
}
