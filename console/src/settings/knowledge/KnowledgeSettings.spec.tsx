import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockGateway, renderAt } from '../testKit';
import { knowledgeApi } from './api';
import { KnowledgeSettings } from './KnowledgeSettings';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const ENTRIES = [
  {
    source_url: 'https://glow.example/',
    page_title: 'Glow Aesthetics | Home',
    chunk_ids: ['c1', 'c2'],
    chunk_count: 2,
    last_updated: new Date().toISOString(),
  },
  {
    source_url: 'https://glow.example/pricing',
    page_title: null,
    chunk_ids: ['c3', 'c4', 'c5'],
    chunk_count: 3,
    last_updated: daysAgo(10),
  },
  {
    source_url: 'https://glow.example/team',
    page_title: 'Our Team',
    chunk_ids: ['c6'],
    chunk_count: 1,
    last_updated: daysAgo(3),
  },
];

const LIST = { entries: ENTRIES, total_entries: 3, total_chunks: 6 };
const STATUS = (status: string, scope: string | null = null) => ({
  practice_id: 'p-glow',
  status,
  last_updated: null,
  scope,
});

const BASE = 'practices/p-glow/knowledge';
const show = () => renderAt('/settings/knowledge', <KnowledgeSettings practiceId="p-glow" />);
const row = (name: string) =>
  screen.getAllByTestId('knowledge-row').find((tr) => tr.textContent?.includes(name))!;
const badgeOf = (name: string) => within(row(name)).getByTestId('knowledge-badge');

describe('Practice Knowledge', () => {
  it('shows the summary and one row per page, with titles, links and badges', async () => {
    mockGateway({ [`GET ${BASE}`]: LIST, [`GET ${BASE}/status`]: STATUS('ready') });
    show();

    expect(screen.getByText('Loading knowledge entries...')).toBeInTheDocument();
    expect(await screen.findAllByTestId('knowledge-row')).toHaveLength(3);
    expect(screen.getByText('Total Pages').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Knowledge Chunks').nextSibling).toHaveTextContent('6');
    expect(screen.getByTestId('knowledge-status')).toHaveTextContent('Ready');

    expect(within(row('pricing')).getByText('Untitled Page')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open https://glow.example/pricing in a new tab' });
    expect(link).toHaveAttribute('href', 'https://glow.example/pricing');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    expect(badgeOf('Home')).toHaveTextContent('Ready');
    expect(badgeOf('pricing')).toHaveTextContent('Stale');
    expect(badgeOf('Our Team')).toHaveTextContent('Ready');
  });

  it('says when there are no entries', async () => {
    mockGateway({
      [`GET ${BASE}`]: { entries: [], total_entries: 0, total_chunks: 0 },
      [`GET ${BASE}/status`]: STATUS('ready'),
    });
    show();

    expect(
      await screen.findByText('No knowledge entries found. Process your website to get started.'),
    ).toBeInTheDocument();
  });

  it('shows a failed load in red with the thrown message', async () => {
    mockGateway({
      [`GET ${BASE}`]: () => json({ detail: 'Service Unavailable' }, { status: 503 }),
      [`GET ${BASE}/status`]: STATUS('ready'),
    });
    show();

    const message = await screen.findByText(
      'Error loading knowledge entries: Failed to fetch knowledge entries: Service Unavailable',
    );
    // Red: the theme's error colour.
    expect(getComputedStyle(message).color).toMatch(/^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/);
    expect(message).toHaveAttribute('role', 'alert');
  });

  it('offers to try the failed load again, and shows the pages once it works', async () => {
    let answer: () => Response = () => json({ detail: 'Service Unavailable' }, { status: 503 });
    mockGateway({ [`GET ${BASE}`]: () => answer(), [`GET ${BASE}/status`]: STATUS('ready') });
    show();
    const user = userEvent.setup();

    await screen.findByText(/Error loading knowledge entries/);
    answer = () => json(LIST);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findAllByTestId('knowledge-row')).toHaveLength(3);
  });

  it("shows a failed run's reason from the server, and Retry reprocesses the whole website", async () => {
    const reason = 'We could not read any page of https://glow.example/: the site did not answer.';
    const { calls } = mockGateway({
      [`GET ${BASE}`]: LIST,
      [`GET ${BASE}/status`]: { ...STATUS('failed'), error: reason },
      [`POST ${BASE}/processing`]: () => json(STATUS('processing', 'all'), { status: 202 }),
    });
    show();
    const user = userEvent.setup();

    const failed = await screen.findByTestId('knowledge-run-failed');
    expect(failed).toHaveTextContent('Processing Failed');
    expect(failed).toHaveTextContent(reason);
    expect(screen.getByTestId('knowledge-status')).toHaveTextContent('Failed');

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `${BASE}/processing`,
      body: {},
    });
    expect(await screen.findByTestId('full-reprocess-banner')).toBeInTheDocument();
    expect(screen.queryByTestId('knowledge-run-failed')).not.toBeInTheDocument();
  });

  it('says an unknown error occurred when a failed run gives no reason', async () => {
    mockGateway({ [`GET ${BASE}`]: LIST, [`GET ${BASE}/status`]: STATUS('failed') });
    show();
    expect(await screen.findByTestId('knowledge-run-failed')).toHaveTextContent(
      'An unknown error occurred during processing.',
    );
  });

  it('throws the spec’s messages', async () => {
    await expect(knowledgeApi.list('p-glow')).rejects.toThrow('No access token found');
    window.localStorage.setItem('access_token', 'tok');
    mockGateway({ [`POST ${BASE}/processing`]: () => json({ detail: 'busy' }, { status: 409 }) });
    await expect(knowledgeApi.reprocess('p-glow')).rejects.toThrow('Failed to reprocess knowledge: busy');
    await expect(knowledgeApi.status('p-glow')).rejects.toThrow(
      'Failed to fetch knowledge status: Not found',
    );
    await expect(knowledgeApi.deleteAll('p-glow')).rejects.toThrow(
      'Failed to delete knowledge entries: Not found',
    );
    await expect(knowledgeApi.deleteIds('p-glow', ['a'])).rejects.toThrow(
      'Failed to delete knowledge by IDs: Not found',
    );
  });

  it('reprocesses one page: Processing on it until the status is ready, then the list refreshes', async () => {
    let status = STATUS('ready');
    let list = LIST;
    const { calls } = mockGateway({
      [`GET ${BASE}`]: () => json(list),
      [`GET ${BASE}/status`]: () => json(status),
      [`POST ${BASE}/processing`]: () => {
        status = STATUS('processing', 'urls');
        return json(status, { status: 202 });
      },
    });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for https://glow.example/pricing' }));
    await user.click(screen.getByRole('menuitem', { name: 'Reprocess This Page' }));

    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `${BASE}/processing`,
      body: { urls: ['https://glow.example/pricing'] },
    });
    expect(badgeOf('pricing')).toHaveTextContent('Processing');
    expect(badgeOf('Our Team')).toHaveTextContent('Ready');
    expect(screen.getByTestId('knowledge-status')).toHaveTextContent('Processing');

    // The run finishes: the next poll (5 s) sees ready, and the list is fetched again.
    list = {
      ...LIST,
      entries: LIST.entries.map((entry) =>
        entry.source_url.endsWith('pricing') ? { ...entry, last_updated: new Date().toISOString() } : entry,
      ),
    };
    status = STATUS('ready');
    await waitFor(() => expect(badgeOf('pricing')).toHaveTextContent('Ready'), { timeout: 10_000 });
    expect(screen.getByTestId('knowledge-status')).toHaveTextContent('Ready');
    expect(calls.filter((call) => call.method === 'GET' && call.path === BASE).length).toBe(2);
  });

  it('replaces the table with a banner during a full reprocess, until the run is done', async () => {
    let status = STATUS('ready');
    const { calls } = mockGateway({
      [`GET ${BASE}`]: LIST,
      [`GET ${BASE}/status`]: () => json(status),
      [`POST ${BASE}/processing`]: () => {
        status = STATUS('processing', 'all');
        return json(status, { status: 202 });
      },
    });
    show();
    const user = userEvent.setup();

    await screen.findAllByTestId('knowledge-row');
    await user.click(screen.getByRole('button', { name: 'Reprocess All' }));

    const banner = await screen.findByTestId('full-reprocess-banner');
    expect(banner).toHaveTextContent('entire knowledge base is being reprocessed');
    expect(banner).toHaveTextContent('This might take a few minutes.');
    expect(banner).toHaveTextContent('All website pages are being crawled and analyzed.');
    expect(screen.queryByTestId('knowledge-row')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});

    status = STATUS('failed');
    await waitFor(() => expect(screen.queryByTestId('full-reprocess-banner')).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
    expect(screen.getAllByTestId('knowledge-row')).toHaveLength(3);
    expect(screen.getByTestId('knowledge-status')).toHaveTextContent('Failed');
  });

  it('shows the banner when the server is already running a full reprocess', async () => {
    mockGateway({ [`GET ${BASE}`]: LIST, [`GET ${BASE}/status`]: STATUS('processing', 'all') });
    show();

    expect(await screen.findByTestId('full-reprocess-banner')).toBeInTheDocument();
  });

  it('clears the pending markers and says why when a reprocess fails', async () => {
    mockGateway({
      [`GET ${BASE}`]: LIST,
      [`GET ${BASE}/status`]: STATUS('ready'),
      [`POST ${BASE}/processing`]: () =>
        json(
          { detail: 'Your knowledge is already being processed. Please wait until it finishes.' },
          { status: 409 },
        ),
    });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Select Our Team' }));
    await user.click(screen.getByRole('button', { name: 'Reprocess Selected' }));

    expect(
      await screen.findByText(
        'Failed to reprocess knowledge: Your knowledge is already being processed. Please wait until it finishes.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(badgeOf('Our Team')).toHaveTextContent('Ready'));
    expect(screen.getByTestId('knowledge-status')).toHaveTextContent('Ready');
  });

  it('keeps only the latest error, clears it on the next success, and closes it on request', async () => {
    mockGateway({
      [`GET ${BASE}`]: LIST,
      [`GET ${BASE}/status`]: STATUS('ready'),
      [`POST ${BASE}/processing`]: () =>
        json(
          { detail: 'Your knowledge is already being processed. Please wait until it finishes.' },
          { status: 409 },
        ),
      [`DELETE ${BASE}?ids=c6`]: { deleted_entries: 1, deleted_chunks: 1 },
    });
    show();
    const user = userEvent.setup();
    const failure =
      'Failed to reprocess knowledge: Your knowledge is already being processed. Please wait until it finishes.';

    await user.click(await screen.findByRole('checkbox', { name: 'Select Our Team' }));
    await user.click(screen.getByRole('button', { name: 'Reprocess Selected' }));
    expect(await screen.findByText(failure)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Our Team' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Selected Knowledge Entries' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(failure)).not.toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: 'Select Our Team' }));
    await user.click(screen.getByRole('button', { name: 'Reprocess Selected' }));
    const alert = await screen.findByText(failure);
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByText(failure)).not.toBeInTheDocument();
  });

  it('deletes the selected entries by chunk id after confirming', async () => {
    const { calls } = mockGateway({
      [`GET ${BASE}`]: LIST,
      [`GET ${BASE}/status`]: STATUS('ready'),
      [`DELETE ${BASE}?ids=c3,c4,c5,c6`]: { deleted_entries: 2, deleted_chunks: 4 },
    });
    show();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Select Untitled Page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Our Team' }));
    expect(screen.getByTestId('knowledge-selection')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Selected Knowledge Entries' });
    expect(dialog).toHaveTextContent('This will delete 4 knowledge chunk(s). This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${BASE}?ids=c3,c4,c5,c6`,
    ]);
    expect(calls.filter((call) => call.method === 'GET' && call.path === BASE)).toHaveLength(2);
  });

  it('deletes everything after confirming', async () => {
    const { calls } = mockGateway({
      [`GET ${BASE}`]: LIST,
      [`GET ${BASE}/status`]: STATUS('ready'),
      [`DELETE ${BASE}`]: { deleted_entries: 3, deleted_chunks: 6 },
    });
    show();
    const user = userEvent.setup();

    await screen.findAllByTestId('knowledge-row');
    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete All Knowledge Entries' });
    expect(dialog).toHaveTextContent(
      'This removes all website content from the AI knowledge base. This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ delete_all: true }),
    );
  });

  it('deletes one page from its menu after confirming, and Cancel deletes nothing', async () => {
    const { calls } = mockGateway({
      [`GET ${BASE}`]: LIST,
      [`GET ${BASE}/status`]: STATUS('ready'),
      [`DELETE ${BASE}`]: { deleted_entries: 1, deleted_chunks: 1 },
    });
    show();
    const user = userEvent.setup();

    const openMenu = async () => {
      await user.click(await screen.findByRole('button', { name: 'Actions for https://glow.example/team' }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete This Page' }));
      return screen.getByRole('dialog', { name: 'Delete Knowledge Entry' });
    };
    await user.click(within(await openMenu()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    const dialog = await openMenu();
    expect(dialog).toHaveTextContent(
      'This will delete the knowledge entry for https://glow.example/team. This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
        urls: ['https://glow.example/team'],
      }),
    );
  });
});
