import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockGateway, renderAt } from '../testKit';
import { FieldMappingSettings } from './FieldMappingSettings';

const PATH = 'practices/p-glow/field-mapping';

const ANSWER = {
  discovered_fields: [
    { name: 'your-name', examples: ['Ana Ruiz', 'Tom Lee'] },
    { name: 'email', examples: ['ana@example.com'] },
    { name: 'how_did_you_hear', examples: ['Instagram'] },
    { name: 'utm_campaign', examples: ['spring-tox'] },
    { name: 'favourite_treatment', examples: ['Botox', 'HydraFacial'] },
  ],
  current_mappings: {
    'your-name': 'full_name',
    email: 'email',
    how_did_you_hear: 'additional_info',
    utm_campaign: 'ignore',
  },
};

const show = () => renderAt('/settings/field-mapping', <FieldMappingSettings practiceId="p-glow" />);
const group = (id: string) => screen.getByTestId(`field-mapping-group-${id}`);
const counter = (id: string) => screen.getByTestId(`field-mapping-counter-${id}`);
const namesIn = (id: string) =>
  within(group(id))
    .queryAllByTestId('field-mapping-row')
    .map((row) => row.firstChild?.textContent);

describe('Form Field Mapping', () => {
  it('shows the counters, the four groups and each field with its examples and mapping', async () => {
    mockGateway({ [`GET ${PATH}`]: ANSWER });
    show();

    expect(screen.getByRole('heading', { level: 2, name: 'Form Field Mapping' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('field-mapping-row')).toHaveLength(5);
    expect(counter('core')).toHaveTextContent('Core Fields2');
    expect(counter('additional')).toHaveTextContent('Additional Info1');
    expect(counter('unmapped')).toHaveTextContent('Unmapped1');
    expect(counter('ignored')).toHaveTextContent('Ignored1');

    expect(within(group('core')).getByRole('heading', { name: 'Core Contact Fields' })).toBeInTheDocument();
    expect(
      within(group('additional')).getByRole('heading', { name: 'Additional Information Fields' }),
    ).toBeInTheDocument();
    expect(group('additional')).toHaveTextContent(
      'Shown in the lead timeline but not used for contact matching',
    );
    expect(
      within(group('unmapped')).getByRole('heading', { name: 'Unmapped Fields - Need Attention' }),
    ).toBeInTheDocument();
    expect(within(group('ignored')).getByRole('heading', { name: 'Ignored Fields' })).toBeInTheDocument();

    expect(namesIn('core')).toEqual(['your-name', 'email']);
    expect(namesIn('additional')).toEqual(['how_did_you_hear']);
    expect(namesIn('unmapped')).toEqual(['favourite_treatment']);
    expect(namesIn('ignored')).toEqual(['utm_campaign']);

    const unmapped = within(group('unmapped'));
    expect(unmapped.getByText('Botox')).toBeInTheDocument();
    expect(unmapped.getByText('HydraFacial')).toBeInTheDocument();
    expect(unmapped.getByRole('combobox', { name: /Mapping for favourite_treatment/ })).toHaveTextContent(
      'Choose a mapping',
    );
    expect(within(group('core')).getByRole('combobox', { name: /Mapping for your-name/ })).toHaveTextContent(
      'Full Name',
    );
    expect(
      within(group('ignored')).getByRole('combobox', { name: /Mapping for utm_campaign/ }),
    ).toHaveTextContent('Ignore This Field');
  });

  it('offers the 14 targets with their labels', async () => {
    mockGateway({ [`GET ${PATH}`]: ANSWER });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: /Mapping for favourite_treatment/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'First Name',
      'Last Name',
      'Full Name',
      'Email Address',
      'Phone Number',
      'Preferred Location',
      'Procedure Interest',
      'Preferred Provider',
      'Message/Questions',
      'Contact Preference',
      'Preferred Day',
      'Preferred Time',
      'Keep as Additional Info',
      'Ignore This Field',
    ]);
  });

  it('saves the whole mapping when a target is chosen, then refetches and regroups', async () => {
    let saved: Record<string, string> = ANSWER.current_mappings;
    const { calls } = mockGateway({
      [`GET ${PATH}`]: () => json({ ...ANSWER, current_mappings: saved }),
      [`PUT ${PATH}`]: (_url: string, init: { body?: string }) => {
        saved = JSON.parse(init.body ?? '{}');
        return json({ ok: true });
      },
    });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: /Mapping for favourite_treatment/ }));
    await user.click(screen.getByRole('option', { name: 'Procedure Interest' }));

    await waitFor(() => expect(namesIn('core')).toEqual(['your-name', 'email', 'favourite_treatment']));
    expect(namesIn('unmapped')).toEqual([]);
    expect(counter('unmapped')).toHaveTextContent('Unmapped0');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: PATH,
        body: { ...ANSWER.current_mappings, favourite_treatment: 'procedure_interest' },
      },
    ]);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('says why a save failed and keeps the field where it was', async () => {
    mockGateway({
      [`GET ${PATH}`]: ANSWER,
      [`PUT ${PATH}`]: () => json({ detail: 'Unknown target' }, { status: 422 }),
    });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: /Mapping for email/ }));
    await user.click(screen.getByRole('option', { name: 'Ignore This Field' }));

    expect(await screen.findByText('The mapping could not be saved: Unknown target')).toBeInTheDocument();
    expect(namesIn('core')).toEqual(['your-name', 'email']);
    expect(within(group('core')).getByRole('combobox', { name: /Mapping for email/ })).toHaveTextContent(
      'Email Address',
    );
  });

  it('shows the empty state when no form was submitted yet', async () => {
    mockGateway({ [`GET ${PATH}`]: { discovered_fields: [], current_mappings: {} } });
    show();

    expect(
      await screen.findByText(
        'No form submissions found yet. Once visitors submit forms on your website, their field names will appear here for mapping.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('field-mapping-counter-core')).not.toBeInTheDocument();
  });

  it("shows the server's detail in a destructive alert when the load fails", async () => {
    mockGateway({ [`GET ${PATH}`]: () => json({ detail: 'Practice not found' }, { status: 404 }) });
    show();

    const alert = await screen.findByTestId('field-mapping-error');
    expect(alert).toHaveTextContent('Practice not found');
    expect(alert).toHaveClass('MuiAlert-filledError');
  });

  it("says 'Failed to load field mappings' when the server gives no detail", async () => {
    mockGateway({ [`GET ${PATH}`]: () => new Response('upstream down', { status: 502 }) });
    show();

    expect(await screen.findByTestId('field-mapping-error')).toHaveTextContent(
      'Failed to load field mappings',
    );
  });

  it("says 'Authentication required' without a token, and calls nothing", async () => {
    const { fetchMock } = mockGateway({ [`GET ${PATH}`]: ANSWER });
    window.localStorage.removeItem('access_token');
    // renderAt stores a token first: this time the store is refused, so the page runs with none.
    jest.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => undefined);
    show();

    expect(await screen.findByTestId('field-mapping-error')).toHaveTextContent('Authentication required');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
