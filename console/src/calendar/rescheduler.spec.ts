import { createRescheduler } from './rescheduler';
import { anAppointment } from './testKit';

function setUp(reschedule = jest.fn().mockResolvedValue(undefined)) {
  const onMoved = jest.fn();
  const log = jest.fn();
  return { rescheduler: createRescheduler({ reschedule, onMoved, log }), reschedule, onMoved, log };
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
    );
    expect(onMoved).toHaveBeenCalledTimes(1);
    expect(revert).not.toHaveBeenCalled();
  });

  it('snaps the event back on failure and only logs the message', async () => {
    const { rescheduler, onMoved, log } = setUp(
      jest.fn().mockRejectedValue(new Error('Outside business hours')),
    );
    const revert = jest.fn();
    await expect(rescheduler.drop({ appointment: anAppointment(), newStart, revert })).resolves.toBe(
      'failed',
    );
    expect(revert).toHaveBeenCalledTimes(1);
    expect(onMoved).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('Reschedule failed: Outside business hours');
    expect(rescheduler.running).toBe(false);
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
});
