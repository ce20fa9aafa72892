import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anItem, aPromotion, mockPricingApi, PRACTICE_ID, renderPricing } from './testKit';

const base = `procedures/${PRACTICE_ID}`;
const usd = (min: number | null, max: number | null, unit = 'Unit') => ({
  min,
  max,
  unit: unit as 'Unit',
  currency: 'USD' as const,
});

const injectables = anItem({
  procedure_id: 'inj',
  procedure_name: 'Injectables',
  category_name: 'Aesthetics',
});
const botox = anItem({
  procedure_id: 'botox',
  procedure_name: 'Botox',
  parent_id: 'inj',
  parent_name: 'Injectables',
  category_name: 'Aesthetics',
  history_count: 2,
  has_promotion: true,
  offerings: {
    all_locations: { offered: true, pricing: usd(10, 15), practice_procedure_id: 'pp-1' },
    locations: {},
  },
});
const filler = anItem({
  procedure_id: 'filler',
  procedure_name: 'Dermal Filler',
  parent_id: 'inj',
  parent_name: 'Injectables',
  category_name: 'Aesthetics',
  history_count: 1,
  offerings: {
    all_locations: { offered: false, pricing: null, practice_procedure_id: null },
    locations: { 'loc-a': { offered: true, pricing: usd(600, 800, 'Syringe'), location_name: 'Downtown' } },
  },
});
const hydrafacial = anItem({ procedure_id: 'hydra', procedure_name: 'Hydrafacial' });
const lipFlip = anItem({ procedure_id: 'lipflip', procedure_name: 'Lip Flip', parent_id: 'lips' });

function mockPage(routes: Record<string, unknown> = {}) {
  return mockPricingApi({
    [`GET ${base}/summary`]: [injectables, botox, filler, hydrafacial, lipFlip],
    [`GET ${base}/promotions`]: [],
    ...routes,
  });
}

const row = (id: string) => screen.findByTestId(`procedure-${id}`);

describe('the Procedure Pricing tab', () => {
  it('groups procedures by category, children under their parent, a missing parent as Unknown Category', async () => {
    mockPage();
    renderPricing();
    const table = await screen.findByRole('table', { name: 'Procedure Pricing' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Procedure',
      'Location',
      'Min',
      'Max',
      'Unit',
      'Currency',
      'Promotion',
      'Actions',
    ]);
    await row('botox');
    // Category headings and procedure names, in the order the rows show them.
    const names = [...table.querySelectorAll('tbody th')].map((cell) => cell.textContent);
    expect(names).toEqual([
      'Aesthetics',
      'Injectables',
      'Botox',
      'Dermal Filler',
      'Uncategorized',
      'Hydrafacial',
      'Unknown Category',
      'Lip Flip',
    ]);
    expect(within(await row('botox')).getByText('All locations')).toBeInTheDocument();
    expect(within(await row('botox')).getByText('$10')).toBeInTheDocument();
    expect(within(await row('filler')).getByText('Downtown')).toBeInTheDocument();
    expect(within(await row('filler')).getByText('Syringe')).toBeInTheDocument();
    expect(within(await row('hydra')).getByText('Not offered')).toBeInTheDocument();
  });

  it('filters on procedure, category or parent name, and says when nothing matches', async () => {
    mockPage();
    renderPricing();
    await row('botox');
    const filter = screen.getByRole('textbox', { name: 'Search procedures...' });
    await userEvent.type(filter, 'filler');
    expect(screen.queryByTestId('procedure-botox')).not.toBeInTheDocument();
    expect(screen.getByTestId('procedure-filler')).toBeInTheDocument();
    expect(screen.getByTestId('procedure-inj')).toBeInTheDocument();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'zzz');
    expect(screen.getByText('No procedures match "zzz"')).toBeInTheDocument();
  });

  it('shows the history toggle only with more than one entry, and the history newest first with (Current)', async () => {
    mockPage({
      [`GET ${base}/history/botox`]: [
        {
          location_id: null,
          location_name: 'All locations',
          price_min: 10,
          price_max: 15,
          unit: 'Unit',
          currency: 'USD',
          effective_start: '2026-11-20T10:00:00.000Z',
          effective_end: null,
        },
        {
          location_id: null,
          location_name: 'All locations',
          price_min: 8,
          price_max: 12,
          unit: 'Unit',
          currency: 'USD',
          effective_start: '2026-11-01T10:00:00.000Z',
          effective_end: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    renderPricing();
    await row('botox');
    expect(
      screen.queryByRole('button', { name: 'Show pricing history of Dermal Filler' }),
    ).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show pricing history of Botox' });
    expect(toggle).toHaveTextContent('2');
    await userEvent.click(toggle);
    const panel = await screen.findByRole('region', { name: 'Pricing History for Botox' });
    const groups = await within(panel).findAllByTestId('history-group');
    expect(groups).toHaveLength(2);
    expect(groups[0]).toHaveTextContent('(Current)');
    expect(groups[0]).toHaveTextContent('Switched to All locations ($10 to $15)');
    expect(groups[1]).toHaveTextContent('Switched to All locations ($8 to $12)');
    expect(groups[1]).not.toHaveTextContent('(Current)');
    await userEvent.click(within(panel).getByRole('button', { name: 'Close History' }));
    expect(screen.queryByRole('region', { name: 'Pricing History for Botox' })).not.toBeInTheDocument();
  });

  it("says 'No pricing history found' for an empty history", async () => {
    mockPage({ [`GET ${base}/history/botox`]: [] });
    renderPricing();
    await row('botox');
    await userEvent.click(screen.getByRole('button', { name: 'Show pricing history of Botox' }));
    expect(await screen.findByText('No pricing history found')).toBeInTheDocument();
  });

  it('saves a changed price through update-offering and refetches the list', async () => {
    const api = mockPage({ [`POST ${base}/update-offering`]: botox });
    renderPricing();
    await row('botox');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Botox' }));
    const editor = screen.getByRole('form', { name: 'Edit Botox' });
    const min = within(editor).getByRole('spinbutton', { name: 'Min' });
    await userEvent.clear(min);
    await userEvent.type(min, '12');
    await userEvent.clear(within(editor).getByRole('spinbutton', { name: 'Max' }));
    const summaries = api.sent('GET', `${base}/summary`).length;
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('POST', `${base}/update-offering`)).toHaveLength(1));
    expect(api.sent('POST', `${base}/update-offering`)[0].body).toEqual({
      procedure_id: 'botox',
      location_id: null,
      is_offered: true,
      price_min: 12,
      price_max: null,
      unit: 'Unit',
      currency: 'USD',
    });
    await waitFor(() => expect(api.sent('GET', `${base}/summary`).length).toBeGreaterThan(summaries));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Botox' })).not.toBeInTheDocument());
  });

  it('ends the pricing of a location turned off', async () => {
    const api = mockPage({ [`POST ${base}/update-offering`]: filler });
    renderPricing();
    await row('filler');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Dermal Filler' }));
    const editor = screen.getByRole('form', { name: 'Edit Dermal Filler' });
    expect(within(editor).getByRole('radio', { name: 'Per location' })).toBeChecked();
    expect(within(editor).getByRole('spinbutton', { name: 'Min (Uptown)' })).toBeDisabled();
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'Downtown' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent('POST', `${base}/update-offering`).map((call) => call.body)).toEqual([
        { procedure_id: 'filler', location_id: 'loc-a', is_offered: false, end_pricing_when_disabled: true },
      ]),
    );
  });

  it('asks before removing a procedure, then stops offering it', async () => {
    const api = mockPage({ [`POST ${base}/update-offering`]: botox });
    renderPricing();
    await row('botox');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Botox' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Remove Botox from this practice? This will stop offering it and end active pricing.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.sent('POST', `${base}/update-offering`).map((call) => call.body)).toEqual([
        { procedure_id: 'botox', location_id: null, is_offered: false, end_pricing_when_disabled: true },
      ]),
    );
  });

  it('shows a failed save as an error notice, not silently', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPage({
      [`POST ${base}/update-offering`]: () =>
        new Response(JSON.stringify({ detail: 'boom' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderPricing();
    await row('botox');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Botox' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The procedure could not be removed. Please try again.'),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Pricing settings: procedure removal failed', { status: 500 });
    error.mockRestore();
  });

  it('lists at most three active promotions in the Promotion tooltip, then +N more', async () => {
    mockPage({
      [`GET ${base}/promotions`]: ['One', 'Two', 'Three', 'Four', 'Five'].map((name) =>
        aPromotion({ promotion_id: name, name, is_all_procedures: false, selected_procedures: ['botox'] }),
      ),
    });
    renderPricing();
    const chip = await within(await row('botox')).findByText('Promo');
    await userEvent.hover(chip);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('OneTwoThree+2 more');
    expect(within(await row('filler')).queryByText('Promo')).not.toBeInTheDocument();
  });
  it('asks before Reset from Extracted Data, then resets and reports the counts', async () => {
    const api = mockPage({
      [`POST ${base}/seed-from-extracted`]: {
        chunks_scanned: 12,
        procedures_found: 4,
        offerings_created: 3,
        prices_set: 5,
        procedures: [],
      },
    });
    renderPricing();
    await row('botox');

    await userEvent.click(screen.getByRole('button', { name: 'Reset from Extracted Data' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reset pricing from your website?');
    expect(dialog).toHaveTextContent(
      'Prices found on your website replace the current ones; every earlier price stays in the pricing history.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST', `${base}/seed-from-extracted`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Reset from Extracted Data' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Pricing reset from your website. Procedures added: 3. Prices set: 5.'),
    ).toBeInTheDocument();
    expect(api.sent('POST', `${base}/seed-from-extracted`)).toHaveLength(1);
  });
});
