import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { peopleApi } from '../../providers/peopleApi';
import { AiBrainTimer } from './AiBrainTimer';
import { Countdown } from './Countdown';
import { aPerson, renderWithAdmin } from './testKit';

const logAction = jest.spyOn(peopleApi, 'logAction');

beforeEach(() => {
  jest.clearAllMocks();
  jest.useFakeTimers();
  jest.setSystemTime(new Date(2025, 2, 2, 9, 0, 0));
  logAction.mockResolvedValue({ person: aPerson(), next_scheduled_action: null });
});
afterEach(() => jest.useRealTimers());

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('AiBrainTimer', () => {
  it("shows 'AI Brain Active' and counts down to the next analysis each second", () => {
    renderWithAdmin(
      <AiBrainTimer
        person={aPerson({ next_scheduled_action: inSeconds(2 * 3600 + 5 * 60 + 9) })}
        format="minimal"
      />,
    );
    expect(screen.getByText('AI Brain Active')).toBeInTheDocument();
    expect(screen.getByText('Next analysis')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('02:05:09');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('02:05:08');
    expect(screen.queryByText('Switch back to AI mode')).not.toBeInTheDocument();
  });

  it("reads 'Analyzing now...' once an AI lead's time has come", () => {
    renderWithAdmin(<AiBrainTimer person={aPerson({ next_scheduled_action: inSeconds(1) })} />);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('Analyzing now...');
  });

  it("shows 'Manual Review Mode' and \"Time's up!\" for a human-held lead, and switches back to AI", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithAdmin(
      <AiBrainTimer
        person={aPerson({
          next_scheduled_action: inSeconds(-5),
          current_outreach_state: { control_mode: 'human' },
        })}
      />,
    );
    expect(screen.getByText('Manual Review Mode')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent("Time's up!");

    await user.click(screen.getByRole('button', { name: 'Switch back to AI mode' }));
    await waitFor(() =>
      expect(logAction).toHaveBeenCalledWith('lead-1', {
        action: 'switch_control_mode',
        notes: 'Switched back to AI control',
        control_mode: 'ai',
      }),
    );
  });

  it('says when nothing is scheduled', () => {
    renderWithAdmin(<AiBrainTimer person={aPerson()} />);
    expect(screen.getByText('No analysis scheduled')).toBeInTheDocument();
  });
});

describe('Countdown styles', () => {
  it('shows a box per unit when segmented, a chip as a badge, text by default', () => {
    const target = inSeconds(3 * 60 + 7);
    const { unmount } = renderWithAdmin(<Countdown target={target} variant="segmented" expiredText="done" />);
    expect(screen.getByRole('timer')).toHaveAccessibleName('3 minutes 7 seconds');
    expect(screen.getByRole('timer')).toHaveTextContent('00h03m07s');
    unmount();
    renderWithAdmin(<Countdown target={target} variant="badge" format="full" expiredText="done" />);
    expect(screen.getByRole('timer')).toHaveClass('MuiChip-root');
    expect(screen.getByRole('timer')).toHaveTextContent('3 minutes 7 seconds');
  });
});
