import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockGateway, renderDemo } from './testKit';

const start = () => screen.getByRole('button', { name: 'Start My Free Demo' });
const websiteField = () => screen.getByRole('textbox', { name: /Website URL/ });

async function submit(url: string) {
  if (url) await userEvent.type(websiteField(), url);
  await userEvent.click(start());
}

describe('the demo start page (/onboarding)', () => {
  it('shows the title, the explanation, a required https URL field, the button and the footnote', () => {
    mockGateway({});
    renderDemo('/onboarding');

    expect(
      screen.getByRole('heading', { name: 'Magic Onboarding: Try PracticePilot!', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/analyse it and set up a temporary AI assistant/)).toBeInTheDocument();
    const field = websiteField();
    expect(field).toHaveAttribute('type', 'url');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('placeholder', 'https://www.yourpractice.com');
    expect(start()).toBeEnabled();
    expect(screen.getByTestId('onboarding-footnote')).toHaveTextContent(
      'No signup required. You can create an account later to save your assistant.',
    );
  });

  it.each([
    ['an empty address', ''],
    ['an address without http', 'glowaesthetics.com'],
  ])('refuses %s with the validation message and calls nothing', async (_case, url) => {
    const { fetchMock } = mockGateway({});
    renderDemo('/onboarding');

    await submit(url);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid website URL (starting with http or https).',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/onboarding$/);
  });

  it('starts the demo without a token, reads "Analyzing Your Site..." meanwhile, then opens the session page', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls, fetchMock } = mockGateway({
      'POST onboarding/start': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderDemo('/onboarding');

    await submit('  https://glowaesthetics.com ');

    expect(await screen.findByRole('button', { name: 'Analyzing Your Site...' })).toBeDisabled();
    expect(calls).toEqual([
      { method: 'POST', path: 'onboarding/start', body: { website_url: 'https://glowaesthetics.com' } },
    ]);
    const headers = new Headers(fetchMock.mock.calls[0][1]?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBe('application/json');

    answer(json({ demo_session_id: 'demo-42' }));

    expect(await screen.findByText('Loading onboarding session status for demo-42...')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/onboarding-session/demo-42');
  });

  it("shows the server's detail when the start fails", async () => {
    mockGateway({
      'POST onboarding/start': () => json({ detail: 'This website could not be reached.' }, { status: 422 }),
    });
    renderDemo('/onboarding');

    await submit('https://nowhere.example');

    expect(await screen.findByRole('alert')).toHaveTextContent('This website could not be reached.');
    expect(start()).toBeEnabled();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/onboarding$/);
  });

  it('falls back to the product message when the failure has no detail', async () => {
    mockGateway({ 'POST onboarding/start': () => json({}, { status: 500 }) });
    renderDemo('/onboarding');

    await submit('https://glowaesthetics.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to start the onboarding process. Please try again.',
    );
  });

  it("says 'Onboarding failed.' when the failure is not even JSON", async () => {
    mockGateway({ 'POST onboarding/start': () => new Response('Bad Gateway', { status: 502 }) });
    renderDemo('/onboarding');

    await submit('https://glowaesthetics.com');

    expect(await screen.findByRole('alert')).toHaveTextContent('Onboarding failed.');
  });

  it('asks to check the network when the request does not reach the server', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    renderDemo('/onboarding');

    await submit('https://glowaesthetics.com');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please check your network and try again.',
    );
  });
});
