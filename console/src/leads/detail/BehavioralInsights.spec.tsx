import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSelectedPracticeId } from '../../practices/selectedPractice';
import { BehavioralInsights } from './BehavioralInsights';
import { renderWithAdmin } from './testKit';

describe('BehavioralInsights', () => {
  it("gives the last analysis on the practice's clock", async () => {
    setSelectedPracticeId('practice-1');
    // 03:00 UTC on Nov 25 is 9 PM on Nov 24 in Chicago, where the practice is.
    const { unmount } = renderWithAdmin(
      <BehavioralInsights insights={{ last_analysis_at: '2026-11-25T03:00:00.000Z' }} />,
      {
        locations: [{ location_id: 'loc-1', name: 'Dallas', timezone: 'America/Chicago', is_primary: true }],
      },
    );
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Behavioral Insights' }));
      const block = screen.getByTestId('behavioral-insights');
      expect(await within(block).findByText(/^Nov 24, 9:00\sPM( CST)?$/)).toBeInTheDocument();
    } finally {
      unmount();
      setSelectedPracticeId(null);
    }
  });
});
