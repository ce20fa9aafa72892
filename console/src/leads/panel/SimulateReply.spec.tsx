import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { peopleApi } from '../../providers/peopleApi';
import { aPerson, httpFailure, renderWithAdmin } from '../detail/testKit';
import { SimulateReply, simulatedChannels } from './SimulateReply';

const sandbox = jest.spyOn(peopleApi, 'sandboxChannels');
const simulate = jest.spyOn(peopleApi, 'simulateReply');

beforeEach(() => {
  sandbox.mockReset();
  simulate.mockReset();
});

describe('simulatedChannels', () => {
  it('offers a sandboxed channel only when the lead has its address', () => {
    const both = aPerson();
    expect(simulatedChannels({ sms: true, email: true }, both)).toEqual(['sms', 'email']);
    expect(simulatedChannels({ sms: false, email: true }, both)).toEqual(['email']);
    expect(simulatedChannels({ sms: true, email: true }, aPerson({ primary_phone: null }))).toEqual([
      'email',
    ]);
    expect(simulatedChannels(undefined, both)).toEqual([]);
  });
});

describe('SimulateReply', () => {
  it('is not shown when the channels are real', async () => {
    sandbox.mockResolvedValue({ sms: false, email: false });
    renderWithAdmin(<SimulateReply person={aPerson()} />);
    await waitFor(() => expect(sandbox).toHaveBeenCalledWith('p-glow', expect.anything()));
    expect(screen.queryByTestId('simulate-reply')).toBeNull();
  });

  it('adds a reply in the lead’s name on the chosen channel, trimmed, and closes', async () => {
    sandbox.mockResolvedValue({ sms: true, email: true });
    simulate.mockResolvedValue({ event_id: 'e-1' });
    renderWithAdmin(<SimulateReply person={aPerson()} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Simulate a reply' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply as Sofia Marquez' });
    const add = within(dialog).getByRole('button', { name: 'Add reply' });
    expect(add).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'E-mail' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'The lead’s reply' }),
      '  Can I come Friday? ',
    );
    expect(within(dialog).getByText('21 / 1600')).toBeInTheDocument();
    await userEvent.click(add);

    expect(simulate).toHaveBeenCalledWith('lead-1', { channel: 'email', message: 'Can I come Friday?' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the server’s reason when the reply is refused', async () => {
    sandbox.mockResolvedValue({ sms: true, email: false });
    simulate.mockRejectedValue(
      httpFailure(
        409,
        'Texts go through Twilio: replies come from the lead, a simulated one is only for the sandbox',
      ),
    );
    renderWithAdmin(<SimulateReply person={aPerson()} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Simulate a reply' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox'), 'STOP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add reply' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Texts go through Twilio: replies come from the lead, a simulated one is only for the sandbox',
    );
    expect(simulate).toHaveBeenCalledWith('lead-1', { channel: 'sms', message: 'STOP' });
  });
});
