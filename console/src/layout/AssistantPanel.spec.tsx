import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { AssistantPanel, AssistantPanelProvider, AssistantSlot } from './AssistantPanel';

const EMPTY_TEXT = 'Open a lead to see what the assistant knows about it.';

/** The shell's arrangement: the page in <main>, the assistant panel beside it. */
const shell = (page: ReactNode) => (
  <MemoryRouter>
    <AdminContext i18nProvider={i18nProvider}>
      <AssistantPanelProvider>
        <main>{page}</main>
        <AssistantPanel />
      </AssistantPanelProvider>
    </AdminContext>
  </MemoryRouter>
);

const renderPanel = (page: ReactNode = null) => render(shell(page));

const panel = () => screen.getByRole('complementary', { name: 'AI Assistant' });
const body = () => panel().querySelector<HTMLElement>('[data-slot="assistant-body"]')!;

describe('AssistantPanel', () => {
  it('stays a labelled rail while no page fills it, and opened over the page says what it is for', async () => {
    renderPanel();

    expect(screen.queryByRole('complementary', { name: 'AI Assistant' })).not.toBeInTheDocument();
    const rail = screen.getByTestId('assistant-rail');
    expect(rail).toHaveTextContent('AI Assistant');
    await userEvent.click(screen.getByRole('button', { name: 'Show AI Assistant' }));

    expect(screen.getByRole('heading', { name: 'AI Assistant' })).toBeInTheDocument();
    expect(panel()).toHaveAttribute('data-overlay', 'true');
    expect(panel()).toHaveTextContent(EMPTY_TEXT);
    expect(body()).toBeEmptyDOMElement();
  });

  it("shows a page's body slot in the panel body instead of the empty text", async () => {
    renderPanel(
      <AssistantSlot area="body">
        <p>Chat about Jane Doe</p>
      </AssistantSlot>,
    );

    expect(await screen.findByText('Chat about Jane Doe')).toBeInTheDocument();
    expect(body()).toHaveTextContent('Chat about Jane Doe');
    expect(panel()).not.toHaveTextContent(EMPTY_TEXT);
    expect(screen.getByRole('main')).not.toHaveTextContent('Chat about Jane Doe');
  });

  it('puts header and footer slots in their own areas', async () => {
    renderPanel(
      <>
        <AssistantSlot area="header">
          <span>Lead: Jane</span>
        </AssistantSlot>
        <AssistantSlot area="body">
          <p>Summary</p>
        </AssistantSlot>
        <AssistantSlot area="footer">
          <button type="button">Send</button>
        </AssistantSlot>
      </>,
    );

    await screen.findByText('Lead: Jane');
    expect(panel().querySelector('[data-slot="assistant-header"]')).toHaveTextContent('Lead: Jane');
    expect(panel().querySelector('[data-slot="assistant-footer"]')).toContainElement(
      screen.getByRole('button', { name: 'Send' }),
    );
    expect(body()).toHaveTextContent('Summary');
  });

  it('closes to its rail when the page with something to say goes away (calendar, analytics, settings)', async () => {
    const { rerender } = renderPanel(
      <AssistantSlot area="body">
        <p>Chat about Jane Doe</p>
      </AssistantSlot>,
    );
    await screen.findByText('Chat about Jane Doe');

    rerender(shell(null));

    expect(screen.queryByText('Chat about Jane Doe')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'AI Assistant' })).not.toBeInTheDocument();
    expect(screen.getByTestId('assistant-rail')).toBeInTheDocument();
  });

  it('can be hidden and shown again, with the slot content back in place', async () => {
    renderPanel(
      <AssistantSlot area="body">
        <p>Chat about Jane Doe</p>
      </AssistantSlot>,
    );
    await screen.findByText('Chat about Jane Doe');

    await userEvent.click(screen.getByRole('button', { name: 'Hide AI Assistant' }));

    expect(screen.queryByRole('heading', { name: 'AI Assistant' })).not.toBeInTheDocument();
    expect(screen.queryByText('Chat about Jane Doe')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show AI Assistant' }));

    expect(screen.getByRole('heading', { name: 'AI Assistant' })).toBeInTheDocument();
    expect(await screen.findByText('Chat about Jane Doe')).toBeInTheDocument();
    expect(body()).toHaveTextContent('Chat about Jane Doe');
  });

  describe('on a window narrower than 1366 px', () => {
    const original = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        ...original(query),
        matches: /max-width:\s*1365/.test(query),
      })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = original;
    });

    it('starts closed and opens over the page, then closes with Escape', async () => {
      renderPanel(
        <AssistantSlot area="body">
          <p>Chat about Jane Doe</p>
        </AssistantSlot>,
      );
      expect(screen.queryByRole('complementary', { name: 'AI Assistant' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Show AI Assistant' }));
      expect(panel()).toHaveAttribute('data-overlay', 'true');
      expect(panel()).toHaveTextContent('Chat about Jane Doe');
      await userEvent.click(screen.getByRole('button', { name: 'Hide AI Assistant' }));
      expect(screen.queryByRole('complementary', { name: 'AI Assistant' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Show AI Assistant' }));
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('complementary', { name: 'AI Assistant' })).not.toBeInTheDocument();
    });

    it('is a column of its own on a wide window while a page fills it', async () => {
      window.matchMedia = original;
      renderPanel(
        <AssistantSlot area="body">
          <p>Chat about Jane Doe</p>
        </AssistantSlot>,
      );
      expect(await screen.findByText('Chat about Jane Doe')).toBeInTheDocument();
      expect(panel()).not.toHaveAttribute('data-overlay');
    });
  });
});
