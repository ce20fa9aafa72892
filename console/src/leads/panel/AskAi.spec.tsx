import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { peopleApi, type AskAiResponse } from '../../providers/peopleApi';
import { httpFailure, renderWithAdmin } from '../detail/testKit';
import { AskAi } from './AskAi';

const askAi = jest.spyOn(peopleApi, 'askAi');

beforeEach(() => jest.clearAllMocks());

const show = () => renderWithAdmin(<AskAi personId="lead-1" name="Sofia Marquez" />);
const input = () => screen.getByRole('textbox', { name: 'Ask AI about Sofia Marquez…' });
const conversation = () => screen.getByRole('log', { name: 'Conversation about Sofia Marquez' });

describe('AskAi', () => {
  it('sends the question, shows it and the answer with its sources as links opening in a new tab', async () => {
    askAi.mockResolvedValue({
      answer: 'Botox is $13 per unit at Coral Gables.\nShe asked about it on Monday.',
      grounded: true,
      citations: [
        { chunk_id: 'c1', source_url: 'https://glow.example/pricing', page_title: 'Pricing' },
        { chunk_id: 'c2', source_url: 'https://glow.example/pricing', page_title: 'Pricing' },
        { chunk_id: 'c3', source_url: 'https://glow.example/botox', page_title: null },
      ],
    });
    show();
    const user = userEvent.setup();

    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    await user.type(input(), '  How much is Botox for her?  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(askAi).toHaveBeenCalledWith('lead-1', { question: 'How much is Botox for her?' });
    expect(await within(conversation()).findByText(/Botox is \$13 per unit/)).toHaveTextContent(
      'Botox is $13 per unit at Coral Gables. She asked about it on Monday.',
    );
    expect(within(conversation()).getByText('How much is Botox for her?')).toBeInTheDocument();
    expect(input()).toHaveValue('');

    const links = within(conversation()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Pricing', 'https://glow.example/pricing'],
      ['https://glow.example/botox', 'https://glow.example/botox'],
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
    expect(
      screen.queryByText("Not found in this lead's history or the practice's knowledge"),
    ).not.toBeInTheDocument();
  });

  it('keeps the conversation, one turn after another', async () => {
    askAi
      .mockResolvedValueOnce({ answer: 'First answer', grounded: true, citations: [] })
      .mockResolvedValueOnce({ answer: 'Second answer', grounded: true, citations: [] });
    show();
    const user = userEvent.setup();

    await user.type(input(), 'One?{Enter}');
    await screen.findByText('First answer');
    await user.type(input(), 'Two?{Enter}');
    await screen.findByText('Second answer');
    expect(
      within(conversation())
        .getAllByTestId('ask-ai-turn')
        .map((turn) => turn.textContent),
    ).toEqual(['YouOne?AIFirst answer', 'YouTwo?AISecond answer']);
  });

  it('shows an answer as text, never as HTML, and makes no link of a non-web address', async () => {
    askAi.mockResolvedValue({
      answer: '<img src=x onerror="alert(1)"><b>bold</b>',
      grounded: true,
      citations: [{ chunk_id: 'c1', source_url: 'javascript:alert(1)', page_title: 'Evil' }],
    });
    show();
    const user = userEvent.setup();

    await user.type(input(), 'Hi{Enter}');
    expect(await screen.findByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
    expect(conversation().querySelector('img, b')).toBeNull();
    expect(within(conversation()).getByText('Evil')).toBeInTheDocument();
    expect(within(conversation()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when the answer is not grounded in what is known', async () => {
    askAi.mockResolvedValue({ answer: "I don't know that.", grounded: false, citations: [] });
    show();
    await userEvent.type(input(), 'Her shoe size?{Enter}');
    expect(
      await screen.findByText("Not found in this lead's history or the practice's knowledge"),
    ).toBeInTheDocument();
  });

  it('is busy while the assistant answers: thinking, and no second question meanwhile', async () => {
    let answer: (reply: AskAiResponse) => void = () => undefined;
    askAi.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    show();
    const user = userEvent.setup();

    await user.type(input(), 'Is she ready to book?{Enter}');
    expect(await within(conversation()).findByRole('status')).toHaveTextContent('Thinking…');
    await user.type(input(), 'And another?{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(askAi).toHaveBeenCalledTimes(1);

    answer({ answer: 'Yes, she asked for Friday.', grounded: true, citations: [] });
    expect(await screen.findByText('Yes, she asked for Friday.')).toBeInTheDocument();
    expect(within(conversation()).queryByRole('status')).not.toBeInTheDocument();
    expect(input()).toHaveValue('And another?');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  });

  it("shows the server's reason when the assistant cannot answer, and lets staff ask again", async () => {
    askAi.mockRejectedValueOnce(httpFailure(404, 'Person not found'));
    askAi.mockResolvedValueOnce({ answer: 'Now it works.', grounded: true, citations: [] });
    show();
    const user = userEvent.setup();

    await user.type(input(), 'Anything?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No answer: Person not found');
    await user.type(input(), 'Again?{Enter}');
    expect(await screen.findByText('Now it works.')).toBeInTheDocument();
  });

  it('sends nothing for a blank question; Shift+Enter starts a new line', async () => {
    show();
    const user = userEvent.setup();

    await user.type(input(), '   {Enter}');
    expect(askAi).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.clear(input());
    await user.type(input(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input()).toHaveValue('line one\nline two');
    expect(input()).toHaveAttribute('maxlength', '1000');
  });
});
