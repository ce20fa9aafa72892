import type { AuditEntry } from '@pp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockGateway, renderAt } from '../testKit';
import { SecuritySettings } from './SecuritySettings';

const LOG = 'practices/p-glow/audit-log';
const LEAD = '0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15';
const OTHER_LEAD = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  audit_id: '1',
  occurred_at: '2026-11-25T11:58:00.000Z',
  user_id: '5f0c2d1e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  user_email: 'dana@glow.example',
  action: 'lead.read',
  resource_type: 'lead',
  resource_id: LEAD,
  lead_id: LEAD,
  status: 200,
  outcome: 'allowed',
  client_ip: '203.0.113.9',
  user_agent: 'Mozilla/5.0 FrontDesk',
  ...overrides,
});

const FIRST_PAGE = {
  entries: [
    entry({ audit_id: '3' }),
    entry({
      audit_id: '2',
      action: 'timeline.read',
      user_email: 'sam@glow.example',
      lead_id: OTHER_LEAD,
      resource_id: OTHER_LEAD,
      status: 404,
      outcome: 'denied',
    }),
  ],
  next_cursor: 'older-page',
};
const SECOND_PAGE = {
  entries: [
    entry({
      audit_id: '1',
      action: 'appointment.update',
      resource_type: 'appointment',
      resource_id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    }),
  ],
  next_cursor: null,
};

/** The Security page's block list, empty: these tests are about the audit log (BlockedNumbersCard.spec.tsx). */
const PRACTICE = 'p-glow';
const NO_BLOCKED_NUMBERS = { [`GET practices/${PRACTICE}/blocked-numbers`]: { blocked_numbers: [] } };

const show = () => renderAt('/settings/security', <SecuritySettings practiceId="p-glow" />);
const rows = () => screen.getAllByTestId('audit-entry');

describe('Settings › Security: the audit log', () => {
  it('shows who did what to which record, when, with what outcome and from where', async () => {
    mockGateway({
      [`GET ${LOG}?limit=50`]: FIRST_PAGE,
      [`GET ${LOG}/retention`]: { retention_years: 6 },
      ...NO_BLOCKED_NUMBERS,
    });
    show();

    expect(screen.getByRole('heading', { level: 2, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Audit log' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first).toHaveTextContent('dana@glow.example');
    expect(first).toHaveTextContent('Opened a leadlead.read');
    expect(first).toHaveTextContent('Lead0b6f3d2e');
    expect(first).toHaveTextContent('Allowed · 200');
    expect(first).toHaveTextContent('203.0.113.9');
    expect(within(first).getByText('203.0.113.9')).toHaveAttribute('title', 'Mozilla/5.0 FrontDesk');
    expect(within(first).getByRole('link', { name: 'Open lead 0b6f3d2e' })).toHaveAttribute(
      'href',
      `/leads/${LEAD}`,
    );
    expect(second).toHaveTextContent('Read a timelinetimeline.read');
    expect(second).toHaveTextContent('Denied · 404');
    expect(await screen.findByRole('combobox', { name: 'Keep the audit log for' })).toHaveTextContent(
      '6 years',
    );
  });

  it('filters by user, lead, action and days, and from a row’s user or lead', async () => {
    const { calls } = mockGateway({
      [`GET ${LOG}?limit=50`]: FIRST_PAGE,
      [`GET ${LOG}/retention`]: { retention_years: 6 },
      ...NO_BLOCKED_NUMBERS,
      [`GET ${LOG}?user=dana%40glow.example&limit=50`]: {
        entries: [FIRST_PAGE.entries[0]],
        next_cursor: null,
      },
      [`GET ${LOG}?user=dana%40glow.example&lead=${OTHER_LEAD}&limit=50`]: { entries: [], next_cursor: null },
    });
    show();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Show only dana@glow.example' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: 'User' })).toHaveValue('dana@glow.example');

    await user.click(screen.getByRole('textbox', { name: 'Lead' }));
    await user.paste(OTHER_LEAD);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Booked an appointment' }));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-03');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(calls.at(-1)?.path).toMatch(/action=appointment.create/));
    const query = new URLSearchParams(calls.at(-1)!.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      action: 'appointment.create',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 4).toISOString(),
      limit: '50',
    });
  });

  it('reads the log again on Refresh', async () => {
    const { calls } = mockGateway({
      [`GET ${LOG}?limit=50`]: FIRST_PAGE,
      [`GET ${LOG}/retention`]: { retention_years: 6 },
      ...NO_BLOCKED_NUMBERS,
    });
    show();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const reads = () => calls.filter((call) => call.path === `${LOG}?limit=50`).length;
    const before = reads();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('pages to older entries and back', async () => {
    mockGateway({
      [`GET ${LOG}?limit=50`]: FIRST_PAGE,
      [`GET ${LOG}?cursor=older-page&limit=50`]: SECOND_PAGE,
      [`GET ${LOG}/retention`]: { retention_years: 6 },
      ...NO_BLOCKED_NUMBERS,
    });
    show();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Moved an appointment');
    expect(rows()[0]).toHaveTextContent('Appointment7d1e2f3a');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses the filters', async () => {
    mockGateway({
      [`GET ${LOG}?limit=50`]: FIRST_PAGE,
      [`GET ${LOG}/retention`]: { retention_years: 6 },
      ...NO_BLOCKED_NUMBERS,
      [`GET ${LOG}?lead=nope&limit=50`]: () =>
        json({ detail: 'lead must be a lead id (a UUID)' }, { status: 422 }),
    });
    show();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.type(screen.getByRole('textbox', { name: 'Lead' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByTestId('audit-log-error')).toHaveTextContent('lead must be a lead id (a UUID)');
  });

  it('exports what the filters select as a CSV file', async () => {
    const csv = 'occurred_at,user_id\r\n2026-11-25T11:58:00.000Z,5f0c\r\n';
    mockGateway({
      [`GET ${LOG}?limit=50`]: FIRST_PAGE,
      [`GET ${LOG}/retention`]: { retention_years: 6 },
      ...NO_BLOCKED_NUMBERS,
      [`GET ${LOG}?user=dana%40glow.example&limit=50`]: FIRST_PAGE,
      [`GET ${LOG}.csv?user=dana%40glow.example`]: () =>
        new Response(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="audit-log-2026-11-25.csv"',
          },
        }),
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:audit';
    });
    URL.revokeObjectURL = jest.fn();
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`);
    });
    show();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Show only dana@glow.example' }));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads).toEqual(['audit-log-2026-11-25.csv blob:audit']));
    const text = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(blobs[0]);
    });
    expect(text).toBe(csv);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    click.mockRestore();
  });

  it('keeps the log as long as the practice chooses, six years at least', async () => {
    const { calls } = mockGateway({
      [`GET ${LOG}?limit=50`]: FIRST_PAGE,
      [`GET ${LOG}/retention`]: { retention_years: 6 },
      ...NO_BLOCKED_NUMBERS,
      [`PUT ${LOG}/retention`]: { retention_years: 10 },
    });
    show();
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Keep the audit log for' });
    await waitFor(() => expect(select).toHaveTextContent('6 years'));
    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('6 years');
    expect(options.at(-1)).toHaveTextContent('30 years');
    await user.click(screen.getByRole('option', { name: '10 years' }));

    await waitFor(() => expect(select).toHaveTextContent('10 years'));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `${LOG}/retention`,
      body: { retention_years: 10 },
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
