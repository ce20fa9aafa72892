import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { IconSidebar } from './IconSidebar';
import { LeftPanelProvider, useLeftPanel } from './LeftPanel';

/** What the page's left panel would do with the state. */
function PanelState() {
  return <p data-testid="left-panel">{useLeftPanel().open ? 'open' : 'closed'}</p>;
}

function renderSidebar(path = '/leads') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider}>
        <LeftPanelProvider>
          <IconSidebar />
          <PanelState />
          <Routes>
            <Route path="/calendar" element={<h1>Calendar page</h1>} />
            <Route path="*" element={null} />
          </Routes>
        </LeftPanelProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('IconSidebar', () => {
  it("offers 'Hide Sidebar' while the left panel is open, with a tooltip", async () => {
    renderSidebar();

    const toggle = screen.getByRole('button', { name: 'Hide Sidebar' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('left-panel')).toHaveTextContent('open');

    await userEvent.hover(toggle);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Hide Sidebar');
  });

  it("closes the left panel on click, then offers 'Show Sidebar', and remembers it in leftPanelOpen", async () => {
    renderSidebar();

    await userEvent.click(screen.getByRole('button', { name: 'Hide Sidebar' }));

    const toggle = screen.getByRole('button', { name: 'Show Sidebar' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('left-panel')).toHaveTextContent('closed');
    expect(localStorage.getItem('leftPanelOpen')).toBe('false');
    await userEvent.unhover(toggle);
    await userEvent.hover(toggle);
    expect(await screen.findByRole('tooltip', { name: 'Show Sidebar' })).toBeInTheDocument();

    await userEvent.click(toggle);

    expect(screen.getByRole('button', { name: 'Hide Sidebar' })).toBeInTheDocument();
    expect(screen.getByTestId('left-panel')).toHaveTextContent('open');
    expect(localStorage.getItem('leftPanelOpen')).toBe('true');
  });

  it('starts closed when the panel was closed last time', () => {
    localStorage.setItem('leftPanelOpen', 'false');

    renderSidebar();

    expect(screen.getByRole('button', { name: 'Show Sidebar' })).toBeInTheDocument();
    expect(screen.getByTestId('left-panel')).toHaveTextContent('closed');
  });

  it('links to the four areas in order', () => {
    renderSidebar();

    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Leads',
      'Calendar',
      'Analytics',
      'Settings',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/leads',
      '/calendar',
      '/analytics',
      '/settings',
    ]);
  });

  it('marks Leads as the current page on /leads/42 and nothing else', () => {
    renderSidebar('/leads/42');

    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Calendar' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  });

  it('marks Settings as the current page on a settings sub-page', () => {
    renderSidebar('/settings/communications');

    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Leads' })).not.toHaveAttribute('aria-current');
  });

  it('goes to an area when its icon is clicked', async () => {
    renderSidebar('/leads/42');

    await userEvent.click(screen.getByRole('link', { name: 'Calendar' }));

    expect(screen.getByRole('heading', { name: 'Calendar page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Leads' })).not.toHaveAttribute('aria-current');
  });
});
