import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockPricingApi, PRACTICE_ID, renderPricing } from './testKit';

const base = `procedures/${PRACTICE_ID}`;

function mockEmpty() {
  return mockPricingApi({
    [`GET ${base}/summary`]: [],
    [`GET ${base}/promotions`]: [],
    [`GET ${base}/consultation-fees`]: {},
  });
}

describe('the Pricing & Promotions tabs', () => {
  it('opens Procedure Pricing by default, with the three tabs labelled', async () => {
    mockEmpty();
    renderPricing();
    const tabs = await screen.findAllByRole('tab');
    // An h2 under the shell's h1 'Settings', as on the knowledge page.
    expect(screen.getByRole('heading', { level: 2, name: 'Pricing & Promotions' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Procedure Pricing',
      'Consultation Fees',
      'Promotions',
    ]);
    expect(screen.getByRole('tab', { name: 'Procedure Pricing' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No procedures found for this practice.')).toBeInTheDocument();
  });

  it('opens the tab named by ?tab=', async () => {
    mockEmpty();
    renderPricing('/settings/pricing?tab=consult');
    expect(await screen.findByText('No consultation fees configured yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Consultation Fees' })).toHaveAttribute('aria-selected', 'true');
  });

  it('ignores an unknown ?tab= value', async () => {
    mockEmpty();
    renderPricing('/settings/pricing?tab=billing');
    expect(screen.getByRole('tab', { name: 'Procedure Pricing' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No procedures found for this practice.')).toBeInTheDocument();
  });

  it('switches tabs on click', async () => {
    mockEmpty();
    renderPricing();
    await userEvent.click(await screen.findByRole('tab', { name: 'Promotions' }));
    expect(
      await screen.findByText('No promotions yet. Create your first promotion above.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Promotions' })).toHaveAttribute('aria-selected', 'true');
  });
});
