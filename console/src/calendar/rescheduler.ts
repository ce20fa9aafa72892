import type { AppointmentDto } from '@pp/contracts';

/**
 * What a drop gives the rescheduler: the appointment, its new start as an instant (already read on the
 * location's clock; null if none) and how to undo the move.
 */
export interface Drop {
  appointment: AppointmentDto;
  newStart: Date | null;
  revert: () => void;
}

export type DropResult = 'refused' | 'busy' | 'moved' | 'declined' | 'failed';

/**
 * Drag-and-drop rescheduling (docs/product/calendar.md#rescheduling): one at a time; external appointments and
 * drops while another reschedule runs are refused and reverted. A time outside the location's business hours is
 * put to staff (confirmOutsideHours): confirmed, it is sent again with confirm_outside_hours; declined, the event
 * goes back. Any other failure reverts the event and is only logged; a success refetches.
 */
export function createRescheduler({
  reschedule,
  onMoved,
  isOutsideHours,
  confirmOutsideHours,
  log = (message) => console.error(message),
}: {
  reschedule: (
    appointment: AppointmentDto,
    newStartIso: string,
    confirmOutsideHours: boolean,
  ) => Promise<void>;
  onMoved: () => void;
  /** Whether a failure is the server's outside-hours refusal that staff may confirm. */
  isOutsideHours: (error: unknown) => boolean;
  /** Asks staff whether to move the appointment outside the business hours anyway. */
  confirmOutsideHours: (appointment: AppointmentDto, newStart: Date) => Promise<boolean>;
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
        const iso = newStart.toISOString();
        try {
          await reschedule(appointment, iso, false);
        } catch (error) {
          if (!isOutsideHours(error)) throw error;
          if (!(await confirmOutsideHours(appointment, newStart))) {
            revert();
            return 'declined';
          }
          await reschedule(appointment, iso, true);
        }
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
