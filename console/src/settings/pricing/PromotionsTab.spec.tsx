import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anItem, aPromotion, mockPricingApi, PRACTICE_ID, renderPricing } from './testKit';

const base = `procedures/${PRACTICE_ID}`;
const procedures = [
  anItem({ procedure_id: 'inj', procedure_name: 'Injectables' }),
  anItem({ procedure_id: 'botox', procedure_name: 'Botox', parent_id: 'inj', parent_name: 'Injectables' }),
  anItem({ procedure_id: 'filler', procedure_name: 'Filler', parent_id: 'inj', parent_name: 'Injectables' }),
  anItem({ procedure_id: 'laser', procedure_name: 'Laser' }),
];
const current = aPromotion({ promotion_id: 'p1', name: 'Holiday Glow', status: 'current', amount: 20 });
const scheduled = aPromotion({
  promotion_id: 'p2',
  name: 'Spring Fling',
  status: 'scheduled',
  type: 'monetary_discount',
  amount: 50,
  start: '2027-03-01',
  end: '2027-03-31',
  location_name: 'Downtown',
  location_id: 'loc-a',
});

function mockPromotions(promotions: unknown[], routes: Record<string, unknown> = {}) {
  return mockPricingApi({
    [`GET ${base}/summary`]: procedures,
    [`GET ${base}/promotions`]: promotions,
    ...routes,
  });
}

async function openForm() {
  renderPricing('/settings/pricing?tab=promotions');
  await userEvent.click(await screen.findByRole('button', { name: 'New Promotion' }));
  return screen.getByRole('form', { name: 'New Promotion' });
}

describe('the Promotions tab', () => {
  it('lists promotions with their status, scope, location, type, amount and dates; end early only when current', async () => {
    mockPromotions([current, scheduled]);
    renderPricing('/settings/pricing?tab=promotions');
    const first = await screen.findByTestId('promotion-p1');
    expect(first).toHaveTextContent('Holiday Glow');
    expect(first).toHaveTextContent('Current');
    expect(first).toHaveTextContent('All procedures');
    expect(first).toHaveTextContent('All locations');
    expect(first).toHaveTextContent('Percent discount');
    expect(first).toHaveTextContent('20%');
    expect(first).toHaveTextContent('Nov 1, 2026 – Dec 31, 2026');
    expect(within(first).getByRole('button', { name: 'End Holiday Glow early' })).toBeInTheDocument();
    const second = screen.getByTestId('promotion-p2');
    expect(second).toHaveTextContent('Scheduled');
    expect(second).toHaveTextContent('$50');
    expect(second).toHaveTextContent('Downtown');
    expect(within(second).queryByRole('button', { name: /early/ })).not.toBeInTheDocument();
  });

  it('filters by status, says when none match, and Show All clears the filter', async () => {
    mockPromotions([current, scheduled]);
    renderPricing('/settings/pricing?tab=promotions');
    await screen.findByTestId('promotion-p1');
    await userEvent.click(screen.getByRole('button', { name: 'Scheduled' }));
    expect(screen.queryByTestId('promotion-p1')).not.toBeInTheDocument();
    expect(screen.getByTestId('promotion-p2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scheduled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Expired' }));
    expect(screen.getByText('No expired promotions found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show All' }));
    expect(screen.getByTestId('promotion-p1')).toBeInTheDocument();
    expect(screen.getByTestId('promotion-p2')).toBeInTheDocument();
  });

  it('asks before ending a current promotion early, then archives it', async () => {
    const api = mockPromotions([current], { [`DELETE ${base}/promotions/p1`]: {} });
    renderPricing('/settings/pricing?tab=promotions');
    await userEvent.click(await screen.findByRole('button', { name: 'End Holiday Glow early' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'End "Holiday Glow" promotion early? This will stop the promotion immediately. This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.sent('DELETE', `${base}/promotions/p1`)).toHaveLength(1));
  });

  it('starts as a percent discount; a free consultation disables the amount and waives the fee', async () => {
    mockPromotions([]);
    const form = await openForm();
    expect(within(form).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Percent discount');
    expect(within(form).getByRole('spinbutton', { name: 'Percent' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Monetary discount' }));
    expect(within(form).getByRole('spinbutton', { name: 'Amount' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Free Consultation' }));
    const benefit = within(form).getByRole('textbox', { name: 'Benefit' });
    expect(benefit).toBeDisabled();
    expect(benefit).toHaveValue('Waives consultation fee');
  });

  it('applies the tree rules and names the selection on its button', async () => {
    mockPromotions([]);
    const form = await openForm();
    const button = within(form).getByTestId('applies-to');
    expect(button).toHaveTextContent('All procedures');
    await userEvent.click(button);
    const tree = await screen.findByRole('group', { name: 'Applies to' });
    await userEvent.click(within(tree).getByRole('checkbox', { name: 'Injectables' }));
    expect(within(tree).getByRole('checkbox', { name: 'All procedures' })).not.toBeChecked();
    expect(within(tree).getByRole('checkbox', { name: 'Botox' })).toBeChecked();
    expect(within(tree).getByRole('checkbox', { name: 'Filler' })).toBeChecked();
    expect(button).toHaveTextContent('3 procedures selected');
    await userEvent.click(within(tree).getByRole('checkbox', { name: 'Botox' }));
    expect(within(tree).getByRole('checkbox', { name: 'Injectables' })).not.toBeChecked();
    expect(button).toHaveTextContent('Filler');
    await userEvent.click(within(tree).getByRole('checkbox', { name: 'Botox' }));
    expect(within(tree).getByRole('checkbox', { name: 'Injectables' })).toBeChecked();
    await userEvent.click(within(tree).getByRole('checkbox', { name: 'All procedures' }));
    expect(within(tree).getByRole('checkbox', { name: 'Botox' })).not.toBeChecked();
    expect(button).toHaveTextContent('All procedures');
  });

  it('enables Add with a name, a start and an end, previews the offer, and sends the dates as ISO', async () => {
    const api = mockPromotions([], { [`POST ${base}/promotions`]: current });
    const form = await openForm();
    const add = within(form).getByRole('button', { name: 'Add' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Holiday Glow');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Percent' }), '20');
    expect(add).toBeDisabled();
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '2026-12-01' } });
    expect(add).toBeDisabled();
    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: '2026-12-31' } });
    expect(add).toBeEnabled();
    expect(within(form).getByTestId('promotion-preview')).toHaveTextContent(
      '20% off on all procedures at all locations, Dec 1, 2026 to Dec 31, 2026.',
    );
    await userEvent.click(add);
    await waitFor(() => expect(api.sent('POST', `${base}/promotions`)).toHaveLength(1));
    expect(api.sent('POST', `${base}/promotions`)[0].body).toEqual({
      name: 'Holiday Glow',
      type: 'percent_discount',
      amount: 20,
      location_id: null,
      selected_procedures: [],
      is_all_procedures: true,
      start: '2026-12-01T00:00:00.000Z',
      end: '2026-12-31T00:00:00.000Z',
      terms: null,
    });
  });

  it('shows what the API refused about the input', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockPromotions([], {
      [`POST ${base}/promotions`]: () =>
        new Response(JSON.stringify({ detail: 'A percent discount must be more than 0 and at most 100' }), {
          status: 422,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const form = await openForm();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Nothing off');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Percent' }), '0');
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText(/^End/), { target: { value: '2026-12-31' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('A percent discount must be more than 0 and at most 100'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New Promotion' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Pricing settings: promotion save failed', { status: 422 });
    error.mockRestore();
  });

  it("says 'No promotions yet' when there are none", async () => {
    mockPromotions([]);
    renderPricing('/settings/pricing?tab=promotions');
    expect(
      await screen.findByText('No promotions yet. Create your first promotion above.'),
    ).toBeInTheDocument();
  });
});
