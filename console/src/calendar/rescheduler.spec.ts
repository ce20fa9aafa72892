import { createRescheduler } from './rescheduler';
import { anAppointment } from './testKit';

const OUTSIDE = new Error('outside the business hours');
function setUp(
  reschedule: jest.Mock = jest.fn().mockResolvedValue(undefined),
  confirmOutsideHours: jest.Mock = jest.fn().mockResolvedValue(false),
) {
  const onMoved = jest.fn();
  const log = jest.fn();
  const notify = jest.fn();
  const isOutsideHours = (error: unknown) => error === OUTSIDE;
  // Before the test appointment (Nov 24, 15:00 UTC) starts.
  const now = () => new Date('2026-11-20T12:00:00.000Z');
  return {
    rescheduler: createRescheduler({
      reschedule,
      onMoved,
      log,
      notify,
      now,
      isOutsideHours,
      confirmOutsideHours,
    }),
    reschedule,
    confirmOutsideHours,
    onMoved,
    log,
    notify,
  };
}
const newStart = new Date('2026-11-25T16:00:00.000Z');

describe('drag-and-drop rescheduling', () => {
  it('sends the new start and refetches on success, leaving the event where it was dropped', async () => {
    const { rescheduler, reschedule, onMoved } = setUp();
    const revert = jest.fn();
    await expect(rescheduler.drop({ appointment: anAppointment(), newStart, revert })).resolves.toBe('moved');
    expect(reschedule).toHaveBeenCalledWith(
      expect.objectContaining({ appointment_id: 'apt-1' }),
      newStart.toISOString(),
      false,
    );
    expect(onMoved).toHaveBeenCalledTimes(1);
    expect(revert).not.toHaveBeenCalled();
  });

  it("snaps the event back on failure, logs the message and tells staff the server's reason", async () => {
    const { rescheduler, onMoved, log, notify } = setUp(
      jest.fn().mockRejectedValue(new Error('Outside business hours')),
    );
    const revert = jest.fn();
    await expect(rescheduler.drop({ appointment: anAppointment(), newStart, revert })).resolves.toBe(
      'failed',
    );
    expect(revert).toHaveBeenCalledTimes(1);
    expect(onMoved).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Reschedule failed: Outside business hours');
    expect(notify).toHaveBeenCalledWith('Outside business hours');
    expect(rescheduler.running).toBe(false);
  });

  it('refuses an appointment that has already started without calling the server', async () => {
    const { rescheduler, reschedule, notify } = setUp();
    const revert = jest.fn();
    const past = anAppointment({
      start_time: '2026-11-19T15:00:00.000Z',
      end_time: '2026-11-19T15:30:00.000Z',
    });
    await expect(rescheduler.drop({ appointment: past, newStart, revert })).resolves.toBe('refused');
    expect(revert).toHaveBeenCalled();
    expect(reschedule).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('refuses external appointments without calling the server', async () => {
    const { rescheduler, reschedule } = setUp();
    const revert = jest.fn();
    await expect(
      rescheduler.drop({ appointment: anAppointment({ is_editable: false }), newStart, revert }),
    ).resolves.toBe('refused');
    expect(revert).toHaveBeenCalled();
    expect(reschedule).not.toHaveBeenCalled();
  });

  it('runs one reschedule at a time: a drop while one runs is reverted', async () => {
    let finish: () => void = () => undefined;
    const { rescheduler, reschedule } = setUp(
      jest.fn().mockImplementation(() => new Promise<void>((resolve) => (finish = resolve))),
    );
    const first = rescheduler.drop({ appointment: anAppointment(), newStart, revert: jest.fn() });
    expect(rescheduler.running).toBe(true);
    const revert = jest.fn();
    await expect(
      rescheduler.drop({ appointment: anAppointment({ appointment_id: 'apt-2' }), newStart, revert }),
    ).resolves.toBe('busy');
    expect(revert).toHaveBeenCalled();
    finish();
    await expect(first).resolves.toBe('moved');
    expect(reschedule).toHaveBeenCalledTimes(1);
    // The next drop runs again.
    const again = rescheduler.drop({ appointment: anAppointment(), newStart, revert: jest.fn() });
    finish();
    await expect(again).resolves.toBe('moved');
  });

  it('outside the business hours asks staff, and sends again with the confirmation when they confirm', async () => {
    const { rescheduler, reschedule, confirmOutsideHours, onMoved } = setUp(
      jest.fn().mockRejectedValueOnce(OUTSIDE).mockResolvedValueOnce(undefined),
      jest.fn().mockResolvedValue(true),
    );
    const revert = jest.fn();
    await expect(rescheduler.drop({ appointment: anAppointment(), newStart, revert })).resolves.toBe('moved');
    expect(confirmOutsideHours).toHaveBeenCalledWith(
      expect.objectContaining({ appointment_id: 'apt-1' }),
      newStart,
    );
    expect(reschedule.mock.calls.map((call) => call.slice(1))).toEqual([
      [newStart.toISOString(), false],
      [newStart.toISOString(), true],
    ]);
    expect(onMoved).toHaveBeenCalledTimes(1);
    expect(revert).not.toHaveBeenCalled();
  });

  it('outside the business hours puts the event back when staff decline, sending nothing more', async () => {
    const { rescheduler, reschedule, onMoved, log } = setUp(jest.fn().mockRejectedValue(OUTSIDE));
    const revert = jest.fn();
    await expect(rescheduler.drop({ appointment: anAppointment(), newStart, revert })).resolves.toBe(
      'declined',
    );
    expect(reschedule).toHaveBeenCalledTimes(1);
    expect(revert).toHaveBeenCalledTimes(1);
    expect(onMoved).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    expect(rescheduler.running).toBe(false);
  });

  it('a drop while staff are asked is refused; a failure of the confirmed move reverts and is logged', async () => {
    let answer: (value: boolean) => void = () => undefined;
    const { rescheduler, log } = setUp(
      jest.fn().mockRejectedValueOnce(OUTSIDE).mockRejectedValueOnce(new Error('Slot taken')),
      jest.fn().mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve))),
    );
    const revert = jest.fn();
    const first = rescheduler.drop({ appointment: anAppointment(), newStart, revert });
    await Promise.resolve();
    const other = jest.fn();
    await expect(
      rescheduler.drop({ appointment: anAppointment({ appointment_id: 'apt-2' }), newStart, revert: other }),
    ).resolves.toBe('busy');
    expect(other).toHaveBeenCalled();
    answer(true);
    await expect(first).resolves.toBe('failed');
    expect(revert).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Reschedule failed: Slot taken');
  });
});
