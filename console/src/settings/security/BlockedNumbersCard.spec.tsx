import type { BlockedNumber } from '@pp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockGateway, renderAt } from '../testKit';
import { BlockedNumbersCard } from './BlockedNumbersCard';

const PRACTICE = 'p-glow';
const LIST = `practices/${PRACTICE}/blocked-numbers`;

const blocked = (overrides: Partial<BlockedNumber>): BlockedNumber => ({
  blocked_number_id: '3c9f1e2d-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  phone_number: '+12145550134',
  note: 'Prank forms',
  added_by_user_id: '5f0c2d1e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  added_by_name: 'Dana Whitfield',
  created_at: '2026-11-25T11:58:00.000Z',
  ...overrides,
});

const show = () => renderAt('/settings/security', <BlockedNumbersCard practiceId="p-glow" />);
const rows = () => screen.getAllByTestId('blocked-number');

describe('Settings › Security: blocked numbers', () => {
  it('lists the numbers with their note and who blocked them, a US number formatted', async () => {
    mockGateway({
      [`GET ${LIST}`]: {
        blocked_numbers: [
          blocked({}),
          blocked({
            blocked_number_id: 'b2',
            phone_number: '+442079460958',
            note: null,
            added_by_name: null,
          }),
        ],
      },
    });
    show();
    expect(screen.getByRole('heading', { level: 3, name: 'Blocked numbers' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [us, uk] = rows();
    expect(us).toHaveTextContent('(214) 555-0134');
    expect(us).toHaveTextContent('Prank forms');
    expect(us).toHaveTextContent(/Blocked by Dana Whitfield on Nov 25, 2026/);
    expect(uk).toHaveTextContent('+442079460958');
    expect(uk).toHaveTextContent(/Blocked by a staff member on/);
  });

  it('says when no number is blocked', async () => {
    mockGateway({ [`GET ${LIST}`]: { blocked_numbers: [] } });
    show();
    expect(await screen.findByText('No numbers are blocked.')).toBeInTheDocument();
  });

  it('blocks a number as typed, with its note, and shows the list again', async () => {
    let list: BlockedNumber[] = [];
    const { calls } = mockGateway({
      [`GET ${LIST}`]: () => json({ blocked_numbers: list }),
      [`POST ${LIST}`]: () => {
        list = [blocked({ note: 'Harassing calls' })];
        return json(list[0], { status: 201 });
      },
    });
    show();
    const user = userEvent.setup();
    await screen.findByText('No numbers are blocked.');
    expect(screen.getByRole('button', { name: 'Block number' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '(214) 555-0134');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), ' Harassing calls ');
    await user.click(screen.getByRole('button', { name: 'Block number' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      phone_number: '(214) 555-0134',
      note: 'Harassing calls',
    });
    expect(rows()[0]).toHaveTextContent('Harassing calls');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    mockGateway({
      [`GET ${LIST}`]: { blocked_numbers: [] },
      [`POST ${LIST}`]: () =>
        json(
          { detail: 'Please enter a valid phone number, e.g. (214) 555-0134 or +44 20 7946 0958' },
          { status: 422 },
        ),
    });
    show();
    const user = userEvent.setup();
    await screen.findByText('No numbers are blocked.');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '555-01');
    await user.click(screen.getByRole('button', { name: 'Block number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid phone number, e.g. (214) 555-0134 or +44 20 7946 0958',
    );
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('555-01');
  });

  it('unblocks a number', async () => {
    let list = [blocked({})];
    const { calls } = mockGateway({
      [`GET ${LIST}`]: () => json({ blocked_numbers: list }),
      [`DELETE ${LIST}/${list[0].blocked_number_id}`]: () => {
        const [removed] = list;
        list = [];
        return json(removed);
      },
    });
    show();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]).getByRole('button', { name: 'Unblock (214) 555-0134' }));
    expect(await screen.findByText('No numbers are blocked.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
