import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../settings/email/leavePage';
import { inProgressSession, json, mockGateway, readySession, renderDemo, type Handler } from './testKit';

const STATUS = 'GET onboarding/session/demo-42/status';
const CHAT = 'POST onboarding/session/demo-42/chat';
const PHONE = 'POST voice/demo/demo-42/phone';
const CALL = 'POST voice/demo/demo-42/call';

/** The ready demo of Glow Aesthetics, with these other answers. */
async function openReadyDemo(routes: Record<string, unknown> = {}, session = readySession()) {
  const gateway = mockGateway({ [STATUS]: session, ...routes });
  renderDemo('/onboarding-session/demo-42');
  await screen.findByTestId('onboarding-extracted');
  return gateway;
}

const chatCard = () => screen.getByTestId('onboarding-chat');
const messageField = () => within(chatCard()).getByRole('textbox', { name: 'Your message' });
const sendButton = () => within(chatCard()).getByRole('button', { name: 'Send' });

async function ask(text: string) {
  await userEvent.type(messageField(), text);
  await userEvent.click(sendButton());
}

describe('the demo chat', () => {
  it('is shown but closed while the analysis runs', async () => {
    mockGateway({ [STATUS]: inProgressSession('processing') });
    renderDemo('/onboarding-session/demo-42');

    await screen.findByTestId('onboarding-in-progress');
    expect(messageField()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(chatCard()).toHaveTextContent('The chat opens as soon as the analysis is complete.');
    expect(within(chatCard()).getByTestId('chat-assistant')).toHaveTextContent(
      "Hi! I'm the demo assistant for the practice. Ask me anything about the practice.",
    );
  });

  it('greets as the demo assistant of the practice found, and opens once ready', async () => {
    await openReadyDemo();

    expect(within(chatCard()).getByTestId('chat-assistant')).toHaveTextContent(
      "Hi! I'm the demo assistant for Glow Aesthetics. Ask me anything about the practice.",
    );
    expect(messageField()).toBeEnabled();
    // Nothing to send yet.
    expect(sendButton()).toBeDisabled();
  });

  it('sends the message and shows the reply with the pages it cites', async () => {
    const { calls, fetchMock } = await openReadyDemo({
      [CHAT]: {
        reply: 'Botox starts at $12 per unit.\nBook online any day.',
        citations: [
          { url: 'https://glowaesthetics.com/pricing', title: 'Pricing' },
          { url: 'https://glowaesthetics.com/book', title: '' },
          { url: 'javascript:alert(1)', title: 'Sneaky' },
        ],
      },
    });

    await ask('How much is Botox?');

    const log = within(chatCard()).getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText(/Botox starts at \$12 per unit\./)).toBeInTheDocument();
    expect(within(log).getByTestId('chat-visitor')).toHaveTextContent('How much is Botox?');
    expect(calls.filter((call) => `${call.method} ${call.path}` === CHAT)).toEqual([
      { method: 'POST', path: 'onboarding/session/demo-42/chat', body: { message: 'How much is Botox?' } },
    ]);
    const chatCall = fetchMock.mock.calls.find(([url]) => url.endsWith('/chat'));
    expect(new Headers(chatCall?.[1]?.headers).get('Authorization')).toBeNull();

    const reply = within(log).getAllByTestId('chat-assistant')[1];
    const citations = within(reply).getByTestId('chat-citations');
    expect(citations).toHaveTextContent('Sources:');
    const pricing = within(citations).getByRole('link', { name: 'Pricing' });
    expect(pricing).toHaveAttribute('href', 'https://glowaesthetics.com/pricing');
    expect(pricing).toHaveAttribute('target', '_blank');
    expect(pricing).toHaveAttribute('rel', 'noopener noreferrer');
    // An untitled page is named by its address; a link that is not http(s) is left out.
    expect(
      within(citations).getByRole('link', { name: 'https://glowaesthetics.com/book' }),
    ).toBeInTheDocument();
    expect(within(citations).getAllByRole('link')).toHaveLength(2);
    expect(messageField()).toHaveValue('');
  });

  it('renders HTML in a reply and in the practice name as text', async () => {
    await openReadyDemo(
      { [CHAT]: { reply: '<img src=x onerror="alert(1)"><b>Yes</b>', citations: [] } },
      readySession({ extracted_data: { practice_name: '<i>Glow</i>' } }),
    );

    expect(within(chatCard()).getByTestId('chat-assistant')).toHaveTextContent(
      "Hi! I'm the demo assistant for <i>Glow</i>.",
    );
    await ask('Open on Sunday?');

    expect(
      await within(chatCard()).findByText('<img src=x onerror="alert(1)"><b>Yes</b>'),
    ).toBeInTheDocument();
    expect(document.body.querySelector('img[src="x"], b, i')).toBeNull();
  });

  it("shows the server's detail when the assistant cannot answer, else a short fallback", async () => {
    let answer: Handler = () =>
      json({ detail: 'The demo chat is busy. Try again in a minute.' }, { status: 429 });
    await openReadyDemo({
      [CHAT]: (url: string, init: RequestInit & { body?: string }) => answer(url, init),
    });

    await ask('Hello?');
    expect(await within(chatCard()).findByRole('alert')).toHaveTextContent(
      'The demo chat is busy. Try again in a minute.',
    );

    answer = () => json({}, { status: 500 });
    await ask('Anyone?');
    expect(await within(chatCard()).findByRole('alert')).toHaveTextContent(
      'The assistant could not answer just now. Please try again.',
    );
  });

  it('takes at most 1000 characters', async () => {
    await openReadyDemo();

    fireEvent.change(messageField(), { target: { value: 'a'.repeat(1200) } });

    expect(messageField()).toHaveValue('a'.repeat(1000));
    expect(messageField()).toHaveAttribute('maxlength', '1000');
    expect(chatCard()).toHaveTextContent('1000/1000');
    expect(sendButton()).toBeEnabled();
  });
});

describe('the voice-call demo', () => {
  const voiceCard = () => screen.getByTestId('onboarding-voice');
  const phoneField = () => within(voiceCard()).getByRole('textbox', { name: 'Your Phone Number' });
  const callButton = () => within(voiceCard()).getByRole('button', { name: 'Call Me Now' });

  it('offers a phone field in international format and waits for a number', async () => {
    await openReadyDemo();

    expect(phoneField()).toHaveAttribute('type', 'tel');
    expect(phoneField()).toHaveAttribute('placeholder', '+1 555 123 4567');
    expect(callButton()).toBeDisabled();
    await userEvent.type(phoneField(), '   ');
    expect(callButton()).toBeDisabled();
  });

  it('saves the number, then asks for the call, and says the call is on its way', async () => {
    let answerCall: (response: Response) => void = () => undefined;
    const { calls } = await openReadyDemo({
      [PHONE]: { ok: true },
      [CALL]: () => new Promise<Response>((resolve) => (answerCall = resolve)),
    });

    await userEvent.type(phoneField(), ' +1 214 555 0199 ');
    await userEvent.click(callButton());

    // Busy while the call request runs.
    await waitFor(() => expect(calls.filter((call) => call.path.startsWith('voice/'))).toHaveLength(2));
    expect(callButton()).toBeDisabled();
    expect(calls.filter((call) => call.path.startsWith('voice/'))).toEqual([
      { method: 'POST', path: 'voice/demo/demo-42/phone', body: { phone_number: '+1 214 555 0199' } },
      { method: 'POST', path: 'voice/demo/demo-42/call', body: undefined },
    ]);

    answerCall(json({ status: 'queued' }));

    expect(await within(voiceCard()).findByTestId('onboarding-call-started')).toHaveTextContent(
      'Call initiated to +1 214 555 0199! You should receive a call shortly.',
    );
    expect(callButton()).toBeEnabled();
  });

  it.each([
    [
      'the detail of a refused number',
      json({ detail: 'This number cannot receive calls.' }, { status: 422 }),
      'This number cannot receive calls.',
    ],
    ['the fallback without detail', json({}, { status: 500 }), 'Failed to update phone number.'],
    [
      'the fallback for an answer that is not JSON',
      new Response('Bad Gateway', { status: 502 }),
      'Phone number update failed',
    ],
  ])('stops at a failed phone update and shows %s', async (_case, response, message) => {
    const { calls } = await openReadyDemo({ [PHONE]: () => response });

    await userEvent.type(phoneField(), '+1 214 555 0199');
    await userEvent.click(callButton());

    expect(await within(voiceCard()).findByRole('alert')).toHaveTextContent(message);
    expect(calls.some((call) => call.path === 'voice/demo/demo-42/call')).toBe(false);
    expect(within(voiceCard()).queryByTestId('onboarding-call-started')).not.toBeInTheDocument();
  });

  it.each([
    ['the detail', json({ detail: 'The demo line is busy.' }, { status: 503 }), 'The demo line is busy.'],
    ['the fallback without detail', json({}, { status: 500 }), 'Failed to initiate call.'],
    [
      'the fallback for an answer that is not JSON',
      new Response('', { status: 502 }),
      'Call initiation failed',
    ],
  ])('shows %s when the call cannot be started', async (_case, response, message) => {
    await openReadyDemo({ [PHONE]: { ok: true }, [CALL]: () => response });

    await userEvent.type(phoneField(), '+1 214 555 0199');
    await userEvent.click(callButton());

    expect(await within(voiceCard()).findByRole('alert')).toHaveTextContent(message);
    expect(within(voiceCard()).queryByTestId('onboarding-call-started')).not.toBeInTheDocument();
  });

  it('says an error occurred while initiating the call when the network fails', async () => {
    await openReadyDemo({ [PHONE]: () => Promise.reject(new TypeError('Failed to fetch')) });

    await userEvent.type(phoneField(), '+1 214 555 0199');
    await userEvent.click(callButton());

    expect(await within(voiceCard()).findByRole('alert')).toHaveTextContent(
      'An error occurred while initiating the call.',
    );
  });
});

describe('the sign-up invitation', () => {
  it('sends the browser to the register page with the demo session', async () => {
    const leaveFor = jest.spyOn(browser, 'leaveFor').mockImplementation(() => undefined);
    await openReadyDemo();

    const card = screen.getByTestId('onboarding-signup');
    expect(within(card).getByRole('heading', { name: 'Like what you see?' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Sign Up & Save My Assistant' }));

    expect(leaveFor).toHaveBeenCalledWith('/api/v1/auth/register?demo_session_id=demo-42');
    leaveFor.mockRestore();
  });
});
