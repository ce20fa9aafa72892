import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anItem, mockPricingApi, PRACTICE_ID, renderPricing } from './testKit';

const base = `procedures/${PRACTICE_ID}`;
const botox = anItem({ procedure_id: 'botox', procedure_name: 'Botox', category_name: 'Injectables' });
const catalogue = [
  { procedure_id: 'botox', name: 'Botox', parent_name: null },
  { procedure_id: 'dysport', name: 'Dysport', parent_name: 'Neurotoxins' },
];

async function openAddPricing() {
  renderPricing();
  await screen.findByTestId('procedure-botox');
  await userEvent.click(screen.getByRole('button', { name: 'Add Pricing' }));
  return screen.getByRole('form', { name: 'Add Pricing' });
}

/** Save is enabled once the typed name's search (debounced 200 ms) settled: a fast user can be quicker. */
async function clickSave(form: HTMLElement) {
  const save = within(form).getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled());
  await userEvent.click(save);
}

describe('Add Pricing', () => {
  it('searches the catalogue for the typed text, showing procedures the practice has as Already added', async () => {
    const api = mockPricingApi({
      [`GET ${base}/summary`]: [botox],
      [`GET ${base}/promotions`]: [],
      [`GET ${base}/search`]: catalogue,
    });
    const form = await openAddPricing();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(within(form).getByRole('combobox', { name: 'Procedure' }), 'Bo');
    const added = await screen.findByRole('option', { name: /Botox/ });
    expect(added).toHaveTextContent('Already added');
    expect(added).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /Dysport/ })).not.toHaveAttribute('aria-disabled', 'true');
    // The search goes out for the whole text once typing pauses.
    const searches = () =>
      api.calls.filter((call) => call.path.startsWith(`${base}/search`)).map((call) => call.path);
    await waitFor(() => expect(searches()).toContain(`${base}/search?q=Bo`));
  });

  it('says when every procedure found is already added', async () => {
    mockPricingApi({
      [`GET ${base}/summary`]: [botox],
      [`GET ${base}/promotions`]: [],
      [`GET ${base}/search`]: [catalogue[0]],
    });
    const form = await openAddPricing();
    await userEvent.type(within(form).getByRole('combobox', { name: 'Procedure' }), 'botox');
    expect(
      await within(form).findByText(
        'All procedures are already added to this practice. Edit above to change locations or pricing.',
      ),
    ).toBeInTheDocument();
  });

  it('creates a new procedure from typed text under a chosen parent, with its pricing', async () => {
    const api = mockPricingApi({
      [`GET ${base}/summary`]: [botox],
      [`GET ${base}/promotions`]: [],
      [`GET ${base}/search`]: [],
      [`POST ${base}/create`]: anItem({ procedure_id: 'new' }),
    });
    const form = await openAddPricing();
    await userEvent.type(within(form).getByRole('combobox', { name: 'Procedure' }), 'Botox Lite');
    expect(await screen.findByRole('option', { name: 'Create procedure "Botox Lite"' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Parent procedure' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Botox' }));
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Min' }), '9');
    await clickSave(form);
    await waitFor(() => expect(api.sent('POST', `${base}/create`)).toHaveLength(1));
    expect(api.sent('POST', `${base}/create`)[0].body).toEqual({
      procedure_name: 'Botox Lite',
      parent_id: 'botox',
      location_id: null,
      is_offered: true,
      price_min: 9,
      price_max: null,
      unit: 'None',
      currency: 'USD',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add Pricing' })).not.toBeInTheDocument());
  });

  it('takes a typed parent without Enter: an existing one ignoring case, else a new one', async () => {
    const api = mockPricingApi({
      [`GET ${base}/summary`]: [botox],
      [`GET ${base}/promotions`]: [],
      [`GET ${base}/search`]: [],
      [`POST ${base}/create`]: anItem({ procedure_id: 'new' }),
    });
    const form = await openAddPricing();
    await userEvent.type(within(form).getByRole('combobox', { name: 'Procedure' }), 'Botox Lite');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Parent procedure' }), 'BOTOX');
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Min' }), '9');
    await clickSave(form);
    await waitFor(() => expect(api.sent('POST', `${base}/create`)).toHaveLength(1));
    expect(api.sent('POST', `${base}/create`)[0].body).toMatchObject({
      procedure_name: 'Botox Lite',
      parent_id: 'botox',
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Add Pricing' }));
    const again = screen.getByRole('form', { name: 'Add Pricing' });
    await userEvent.type(within(again).getByRole('combobox', { name: 'Procedure' }), 'Lip Flip');
    await userEvent.type(within(again).getByRole('combobox', { name: 'Parent procedure' }), 'Neurotoxins');
    await clickSave(again);
    await waitFor(() => expect(api.sent('POST', `${base}/create`)).toHaveLength(3));
    expect(
      api
        .sent('POST', `${base}/create`)
        .slice(1)
        .map((call) => call.body),
    ).toMatchObject([
      { procedure_name: 'Neurotoxins', parent_id: null },
      { procedure_name: 'Lip Flip', parent_id: 'new' },
    ]);
  });

  it('treats a failed search as no results', async () => {
    mockPricingApi({
      [`GET ${base}/summary`]: [botox],
      [`GET ${base}/promotions`]: [],
      [`GET ${base}/search`]: () => new Response('{}', { status: 500 }),
    });
    const form = await openAddPricing();
    await userEvent.type(within(form).getByRole('combobox', { name: 'Procedure' }), 'Laser');
    expect(await screen.findByRole('option', { name: 'Create procedure "Laser"' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});
