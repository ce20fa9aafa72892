import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockPricingApi, PRACTICE_ID, renderPricing } from './testKit';

const base = `procedures/${PRACTICE_ID}`;
const feesPath = `${base}/consultation-fees`;

function mockFees(fees: unknown, routes: Record<string, unknown> = {}) {
  return mockPricingApi({ [`GET ${feesPath}`]: fees, ...routes });
}

async function openEditor(modality: 'Medspa' | 'Surgery', button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${modality}`) }));
  return screen.getByRole('form', { name: modality });
}

describe('the Consultation Fees tab', () => {
  it('offers to set up fees when none exist, with the Medspa tip', async () => {
    mockFees({});
    renderPricing('/settings/pricing?tab=consult');
    expect(await screen.findByText('No consultation fees configured yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set Up Consultation Fees' }));
    expect(screen.getByText('Tip: most practices start with Medspa.')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });

  it('summarises a fee at all locations and marks the modality Active', async () => {
    mockFees({
      medspa: { all_locations: { policy_id: 'f1', fee: 75, currency: 'USD', is_free: false }, locations: {} },
      surgery: {
        all_locations: { policy_id: 'f2', fee: null, currency: 'USD', is_free: true },
        locations: {},
      },
    });
    renderPricing('/settings/pricing?tab=consult');
    expect(await screen.findByText('Medspa consultation fee is $75 at all locations.')).toBeInTheDocument();
    expect(screen.getByText('Free surgery consultations at all locations.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: /^Medspa/ })).toHaveTextContent('Active');
  });

  it('summarises fees that vary by location, each Free, its fee, or Not set', async () => {
    mockFees({
      medspa: {
        all_locations: null,
        locations: { 'loc-a': { fee: 99.5, currency: 'USD', is_free: false } },
      },
    });
    renderPricing('/settings/pricing?tab=consult');
    const summary = await screen.findByTestId('fee-summary-medspa');
    expect(summary).toHaveTextContent('Medspa consultation fees vary by location.');
    expect(summary).toHaveTextContent('Downtown: $99.5');
    expect(summary).toHaveTextContent('Uptown: Not set');
  });

  it('disables location rows under All, copies the All values when All is unchecked, and saves each location', async () => {
    const api = mockFees({}, { [`POST ${feesPath}`]: {} });
    renderPricing('/settings/pricing?tab=consult');
    const editor = await openEditor('Medspa', 'Set Up Consultation Fees');
    expect(within(editor).getByRole('spinbutton', { name: 'Fee (Downtown)' })).toBeDisabled();
    await userEvent.type(within(editor).getByRole('spinbutton', { name: 'Fee (All)' }), '150');
    expect(within(editor).getByTestId('fee-preview-all')).toHaveTextContent('$150');
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'All' }));
    expect(within(editor).getByRole('spinbutton', { name: 'Fee (Downtown)' })).toHaveValue(150);
    expect(within(editor).getByRole('spinbutton', { name: 'Fee (All)' })).toBeDisabled();
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'Free (Uptown)' }));
    expect(within(editor).getByRole('spinbutton', { name: 'Fee (Uptown)' })).toBeDisabled();
    expect(within(editor).getByTestId('fee-preview-loc-b')).toHaveTextContent('Free');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('POST', feesPath)).toHaveLength(2));
    expect(api.sent('POST', feesPath).map((call) => call.body)).toEqual([
      { location_id: 'loc-a', modality: 'medspa', fee: 150, currency: 'USD', is_free: false },
      { location_id: 'loc-b', modality: 'medspa', fee: null, currency: 'USD', is_free: true },
    ]);
  });

  it('asks before stopping a modality, then archives it', async () => {
    const api = mockFees(
      {
        surgery: {
          all_locations: { policy_id: 'f2', fee: 200, currency: 'USD', is_free: false },
          locations: {},
        },
      },
      { [`DELETE ${feesPath}/modality/surgery`]: {} },
    );
    renderPricing('/settings/pricing?tab=consult');
    const editor = await openEditor('Surgery', 'Edit');
    await userEvent.click(within(editor).getByRole('button', { name: 'Stop Offering Surgery' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Stop offering Surgery consultations? This will remove it from your consultation offerings and end all active policies. You can always set it up again later.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.sent('DELETE', `${feesPath}/modality/surgery`)).toHaveLength(1));
  });
  it('keeps a location’s saved fee when its field is emptied, showing it as required, and sends nothing', async () => {
    const api = mockFees(
      {
        medspa: {
          all_locations: null,
          locations: {
            'loc-a': { fee: 150, currency: 'USD', is_free: false },
            'loc-b': { fee: 200, currency: 'USD', is_free: false },
          },
        },
      },
      { [`POST ${feesPath}`]: {} },
    );
    renderPricing('/settings/pricing?tab=consult');
    const editor = await openEditor('Medspa', 'Edit');
    const downtown = within(editor).getByRole('spinbutton', { name: 'Fee (Downtown)' });
    await userEvent.clear(downtown);
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(
      await within(editor).findByText(
        'A saved fee cannot be left empty: enter a fee or mark it Free (Stop Offering ends every location’s fee).',
      ),
    ).toBeInTheDocument();
    expect(downtown).toHaveValue(150);
    expect(downtown).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('form', { name: 'Medspa' })).toBeInTheDocument();
    expect(api.sent('POST', feesPath)).toHaveLength(0);
  });

  it('says there is nothing to save instead of closing when no location has a fee', async () => {
    const api = mockFees({}, { [`POST ${feesPath}`]: {} });
    renderPricing('/settings/pricing?tab=consult');
    const editor = await openEditor('Medspa', 'Set Up Consultation Fees');
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'All' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(
      await within(editor).findByText('Nothing to save: enter a fee or mark Free for at least one location.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Medspa' })).toBeInTheDocument();
    expect(api.sent('POST', feesPath)).toHaveLength(0);
  });
});
