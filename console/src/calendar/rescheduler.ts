import type { AppointmentDto } from '@pp/contracts';

/** What a drop gives the rescheduler: the appointment, its new start (null if none) and how to undo the move. */
export interface Drop {
  appointment: AppointmentDto;
  newStart: Date | null;
  revert: () => void;
}

export type DropResult = 'refused' | 'busy' | 'moved' | 'failed';

/**
 * Drag-and-drop rescheduling (docs/product/calendar.md#rescheduling): one at a time; external appointments and
 * drops while another reschedule runs are refused and reverted; a failure reverts the event and is only logged;
 * a success refetches.
 */
export function createRescheduler({
  reschedule,
  onMoved,
  log = (message) => console.error(message),
}: {
  reschedule: (appointment: AppointmentDto, newStartIso: string) => Promise<void>;
  onMoved: () => void;
  log?: (message: string) => void;
}) {
  let running = false;
  return {
    get running() {
      return running;
    },
    async drop({ appointment, newStart, revert }: Drop): Promise<DropResult> {
      if (appointment.is_editable === false || !newStart) {
        revert();
        return 'refused';
      }
      if (running) {
        revert();
        return 'busy';
      }
      running = true;
      try {
        await reschedule(appointment, newStart.toISOString());
        onMoved();
        return 'moved';
      } catch (error) {
        revert();
        // The message only: the server's detail, 'Unknown error' or 'HTTP {status}'; never patient data.
        log(`Reschedule failed: ${(error as Error).message}`);
        return 'failed';
      } finally {
        running = false;
      }
    },
  };
}
