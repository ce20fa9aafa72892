import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockGateway, renderAt } from '../testKit';
import { CommunicationsSettings } from './CommunicationsSettings';

const PRACTICE_PATH = 'practices/p-glow';

const account = (n: number, status = 'active') => ({
  email_account_id: `a-${n}`,
  id: `a-${n}`,
  practice_id: 'p-glow',
  email_address: `desk${n}@glowaesthetics.example`,
  provider: 'google',
  status,
  created_at: '2026-11-20T10:00:00.000Z',
  last_sync_timestamp: null,
});

const DEFAULT_NUMBER = {
  virtual_number_id: 'n-1',
  id: 'n-1',
  practice_id: 'p-glow',
  phone_number: '+12145550100',
  is_active: true,
  assignment_type: 'practice_default',
  capabilities: { voice: true, sms: true },
};

function practice(preferences: Record<string, unknown>, automation_level = 'semi_auto') {
  return {
    practice_id: 'p-glow',
    id: 'p-glow',
    name: 'Glow Aesthetics',
    website_url: null,
    automation_level,
    outreach_preferences: preferences,
  };
}

/** A gateway that keeps the practice and merges each PATCH as the real one does (partial, keys kept). */
function gateway(
  options: {
    preferences?: Record<string, unknown>;
    accounts?: unknown[];
    numbers?: unknown[];
    automation_level?: string;
  } = {},
) {
  let current = practice(
    options.preferences ?? { enabled: true, enforce_location_filtering: true },
    options.automation_level,
  );
  const mock = mockGateway({
    [`GET ${PRACTICE_PATH}`]: () => json(current),
    [`PATCH ${PRACTICE_PATH}`]: (_url: string, init: { body?: string }) => {
      const body = JSON.parse(init.body ?? '{}');
      current = {
        ...current,
        ...body,
        outreach_preferences: { ...current.outreach_preferences, ...(body.outreach_preferences ?? {}) },
      };
      return json(current);
    },
    'GET email/accounts?practice_id=p-glow': options.accounts ?? [account(1)],
    [`GET ${PRACTICE_PATH}/virtual-numbers/`]: options.numbers ?? [DEFAULT_NUMBER],
  });
  return { ...mock, saved: () => current };
}

const show = () => renderAt('/settings/communications', <CommunicationsSettings practiceId="p-glow" />);
const channelSwitch = (name: string) => screen.getByRole('switch', { name: `Use ${name}` });
const patches = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PATCH');

describe('Settings › AI Communications', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the switch, the three automation levels with their meaning and the four channel cards', async () => {
    gateway({ automation_level: 'manual' });
    show();

    expect(await screen.findByRole('switch', { name: 'Enable Communication' })).toBeChecked();
    const manual = screen.getByTestId('automation-manual');
    expect(manual).toHaveTextContent('All AI messages need approval.');
    expect(manual).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('automation-semi_auto')).toHaveTextContent(
      'Initial contact needs approval; follow-ups go automatically.',
    );
    expect(screen.getByTestId('automation-full_auto')).toHaveTextContent(
      'The AI sends and receives everything.',
    );
    for (const name of ['Email', 'Phone', 'SMS', 'Chat']) {
      await waitFor(() => expect(channelSwitch(name)).toBeEnabled());
      expect(channelSwitch(name)).toBeChecked();
    }
  });

  it('saves the automation level', async () => {
    const { calls, saved } = gateway();
    show();

    await userEvent.click(await screen.findByTestId('automation-full_auto'));
    await waitFor(() => expect(saved().automation_level).toBe('full_auto'));
    expect(patches(calls)).toEqual([expect.objectContaining({ body: { automation_level: 'full_auto' } })]);
    expect(screen.getByTestId('automation-full_auto')).toHaveAttribute('aria-pressed', 'true');
  });

  it('turning communication off disables every channel; on restores each as it was, other keys kept', async () => {
    const { saved } = gateway({
      preferences: {
        enabled: true,
        channels: { sms: { enabled: false } },
        enforce_location_filtering: true,
      },
    });
    show();
    await waitFor(() => expect(channelSwitch('Email')).toBeEnabled());
    expect(channelSwitch('SMS')).not.toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'Enable Communication' }));
    await waitFor(() => expect(saved().outreach_preferences.enabled).toBe(false));
    for (const name of ['Email', 'Phone', 'SMS', 'Chat']) {
      expect(channelSwitch(name)).toBeDisabled();
      expect(channelSwitch(name)).not.toBeChecked();
    }
    expect(screen.getAllByTestId('channel-unavailable')[0]).toHaveTextContent(
      'Turn on Enable Communication first.',
    );
    expect(saved().outreach_preferences.channels).toEqual({
      email: { enabled: false },
      phone: { enabled: false },
      sms: { enabled: false },
      chat: { enabled: false },
    });

    await userEvent.click(screen.getByRole('switch', { name: 'Enable Communication' }));
    await waitFor(() => expect(saved().outreach_preferences.enabled).toBe(true));
    await waitFor(() => expect(channelSwitch('Email')).toBeChecked());
    expect(channelSwitch('Phone')).toBeChecked();
    expect(channelSwitch('SMS')).not.toBeChecked();
    expect(channelSwitch('Chat')).toBeChecked();
    expect(saved().outreach_preferences.enforce_location_filtering).toBe(true);
  });

  it('switches one channel off and saves only that', async () => {
    const { saved } = gateway();
    show();
    await waitFor(() => expect(channelSwitch('Chat')).toBeEnabled());

    await userEvent.click(channelSwitch('Chat'));
    await waitFor(() => expect(saved().outreach_preferences.channels).toEqual({ chat: { enabled: false } }));
    expect(channelSwitch('Chat')).not.toBeChecked();
    expect(saved().outreach_preferences.enforce_location_filtering).toBe(true);
  });

  it('gates email on an active account and phone and SMS on the default number and its capabilities', async () => {
    gateway({
      accounts: [account(1, 'error')],
      numbers: [{ ...DEFAULT_NUMBER, capabilities: { voice: true, sms: false } }],
    });
    show();

    await waitFor(() => expect(channelSwitch('Phone')).toBeEnabled());
    expect(channelSwitch('Email')).toBeDisabled();
    expect(within(screen.getByTestId('channel-email')).getByTestId('channel-unavailable')).toHaveTextContent(
      'Connect an email account first.',
    );
    expect(channelSwitch('SMS')).toBeDisabled();
    expect(within(screen.getByTestId('channel-sms')).getByTestId('channel-unavailable')).toHaveTextContent(
      'The practice’s default number cannot send SMS.',
    );
    expect(channelSwitch('Chat')).toBeEnabled();
    expect(screen.getByTestId('channel-phone')).toHaveTextContent('Default number: +12145550100');
  });

  it('without a virtual number phone and SMS are closed', async () => {
    gateway({ numbers: [] });
    show();

    await waitFor(() => expect(channelSwitch('Email')).toBeEnabled());
    for (const name of ['phone', 'sms']) {
      expect(
        within(screen.getByTestId(`channel-${name}`)).getByTestId('channel-unavailable'),
      ).toHaveTextContent('The practice has no active virtual number.');
    }
  });

  it('the email card shows 2 accounts, then +N more', async () => {
    gateway({ accounts: [1, 2, 3, 4].map((n) => account(n)) });
    show();

    const list = await screen.findByTestId('channel-email-accounts');
    expect(list).toHaveTextContent('desk1@glowaesthetics.example');
    expect(list).toHaveTextContent('desk2@glowaesthetics.example');
    expect(list).not.toHaveTextContent('desk3@glowaesthetics.example');
    expect(screen.getByTestId('channel-email-more')).toHaveTextContent('+2 more');
  });

  it("a refused automation level goes back and says the server's reason under the levels; Try again saves it", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let refuse = true;
    let current = practice({ enabled: true });
    mockGateway({
      [`GET ${PRACTICE_PATH}`]: () => json(current),
      [`PATCH ${PRACTICE_PATH}`]: (_url: string, init: { body?: string }) => {
        if (refuse)
          return json(
            { detail: 'automation_level must be one of manual, semi_auto, full_auto' },
            { status: 422 },
          );
        current = { ...current, ...JSON.parse(init.body ?? '{}') };
        return json(current);
      },
      'GET email/accounts?practice_id=p-glow': [account(1)],
      [`GET ${PRACTICE_PATH}/virtual-numbers/`]: [DEFAULT_NUMBER],
    });
    show();

    await userEvent.click(await screen.findByTestId('automation-full_auto'));
    const failed = await screen.findByTestId('communications-save-failed');
    expect(failed).toHaveTextContent('automation_level must be one of manual, semi_auto, full_auto');
    expect(screen.getByTestId('automation-full_auto')).toHaveAttribute('aria-pressed', 'false');
    // Beside the levels, not at the top of the page.
    expect(failed.closest('.MuiCard-root')).toContainElement(screen.getByTestId('automation-full_auto'));
    expect(error).toHaveBeenCalled();

    refuse = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('automation-full_auto')).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.queryByTestId('communications-save-failed')).not.toBeInTheDocument();
  });

  it("says 'Failed to save. Please try again.' when the server gives no reason", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockGateway({
      [`GET ${PRACTICE_PATH}`]: practice({ enabled: true }),
      [`PATCH ${PRACTICE_PATH}`]: () => new Response('', { status: 502 }),
      'GET email/accounts?practice_id=p-glow': [account(1)],
      [`GET ${PRACTICE_PATH}/virtual-numbers/`]: [DEFAULT_NUMBER],
    });
    show();
    await userEvent.click(await screen.findByTestId('automation-manual'));
    expect(await screen.findByTestId('communications-save-failed')).toHaveTextContent(
      'Failed to save. Please try again.',
    );
  });

  it('a refused save is rolled back and only logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockGateway({
      [`GET ${PRACTICE_PATH}`]: practice({ enabled: true }),
      [`PATCH ${PRACTICE_PATH}`]: () => json({ detail: 'nope' }, { status: 422 }),
      'GET email/accounts?practice_id=p-glow': [account(1)],
      [`GET ${PRACTICE_PATH}/virtual-numbers/`]: [DEFAULT_NUMBER],
    });
    show();
    await waitFor(() => expect(channelSwitch('Chat')).toBeEnabled());

    await userEvent.click(channelSwitch('Chat'));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to save AI communication settings', 'nope'),
    );
    expect(channelSwitch('Chat')).toBeChecked();
  });

  it('lists the practice numbers with their capabilities', async () => {
    gateway({
      numbers: [
        DEFAULT_NUMBER,
        {
          ...DEFAULT_NUMBER,
          phone_number: '+12145550199',
          assignment_type: 'additional',
          is_active: false,
          capabilities: { voice: true, sms: false },
        },
      ],
    });
    show();

    const [first, second] = await screen.findAllByTestId('virtual-number');
    expect(first).toHaveTextContent('+12145550100DefaultVoiceSMS');
    expect(second).toHaveTextContent('+12145550199AdditionalInactiveVoice');
  });

  it('gets a number through Twilio in the area code; the SMS channel opens once it is there', async () => {
    let numbers: unknown[] = [];
    const { calls } = mockGateway({
      [`GET ${PRACTICE_PATH}`]: practice({ enabled: true }),
      'GET email/accounts?practice_id=p-glow': [account(1)],
      [`GET ${PRACTICE_PATH}/virtual-numbers/`]: () => json(numbers),
      [`POST ${PRACTICE_PATH}/virtual-numbers/`]: () => {
        numbers = [{ ...DEFAULT_NUMBER, phone_number: '+13125550150' }];
        return json(numbers[0], { status: 201 });
      },
    });
    show();
    await waitFor(() => expect(channelSwitch('Email')).toBeEnabled());
    expect(channelSwitch('SMS')).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Area code'), '312');
    await userEvent.click(screen.getByRole('button', { name: 'Get a number' }));

    expect(await screen.findByText('+13125550150 is now the practice’s.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ area_code: '312' });
    await waitFor(() => expect(channelSwitch('SMS')).toBeEnabled());
  });

  it('shows why no number could be had', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const detail =
      'Twilio is not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (and PUBLIC_BASE_URL) to provision virtual numbers';
    mockGateway({
      [`GET ${PRACTICE_PATH}`]: practice({ enabled: true }),
      'GET email/accounts?practice_id=p-glow': [],
      [`GET ${PRACTICE_PATH}/virtual-numbers/`]: [],
      [`POST ${PRACTICE_PATH}/virtual-numbers/`]: () => json({ detail }, { status: 409 }),
    });
    show();

    await userEvent.click(await screen.findByRole('button', { name: 'Get a number' }));
    expect(await screen.findByTestId('virtual-number-error')).toHaveTextContent(detail);
  });

  it('refuses an area code that is not one, without calling', async () => {
    const { calls } = gateway({ numbers: [] });
    show();

    await userEvent.type(await screen.findByLabelText('Area code'), '12');
    expect(
      screen.getByText('A US area code has 3 digits and does not start with 0 or 1'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a number' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
