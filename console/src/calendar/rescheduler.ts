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

/** Whether an appointment has already started: it stays where it was (nobody reschedules the past). */
export const hasStarted = (appointment: Pick<AppointmentDto, 'start_time'>, now: Date): boolean =>
  new Date(appointment.start_time).getTime() <= now.getTime();

/**
 * Drag-and-drop rescheduling (docs/product/calendar.md#rescheduling): one at a time; external and past
 * appointments and drops while another reschedule runs are refused and reverted. A time outside the location's business hours is
 * put to staff (confirmOutsideHours): confirmed, it is sent again with confirm_outside_hours; declined, the event
 * goes back. Any other failure reverts the event and is logged, as the product says, and its reason (the server's
 * detail) is also told to staff through `notify` — a snackbar (docs/decisions/0039-console-on-front-desk-screens.md);
 * a success refetches.
 */
export function createRescheduler({
  reschedule,
  onMoved,
  isOutsideHours,
  confirmOutsideHours,
  log = (message) => console.error(message),
  notify = () => undefined,
  now = () => new Date(),
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
  /** Tells staff why a move was refused (the server's detail, 'Unknown error' or 'HTTP {status}'). */
  notify?: (reason: string) => void;
  now?: () => Date;
}) {
  let running = false;
  return {
    get running() {
      return running;
    },
    async drop({ appointment, newStart, revert }: Drop): Promise<DropResult> {
      if (appointment.is_editable === false || !newStart || hasStarted(appointment, now())) {
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
        notify((error as Error).message);
        return 'failed';
      } finally {
        running = false;
      }
    },
  };
}
