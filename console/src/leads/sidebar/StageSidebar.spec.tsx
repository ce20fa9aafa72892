import type { LeadStatsResponse } from '@pp/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import { stageCount } from './stageCounts';
import { StageSidebar } from './StageSidebar';

const STATS: LeadStatsResponse = {
  total: 412,
  needs_review: 17,
  by_stage: {
    Lead: 120,
    'Attempting Contact': 80,
    'Active Conversation': 45,
    Scheduled: 30,
    'Post Consultation': 22,
    'No Show / Cancelled': 9,
    'Booked Procedure': 14,
    'Closed - Lost': 70,
    Escalated: 22,
  },
};

function renderSidebar(onSelect = jest.fn(), stats: LeadStatsResponse | null = STATS) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <StageSidebar current="review" stats={stats} onSelect={onSelect} />
    </AdminContext>,
  );
  return onSelect;
}

const entry = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const countOf = (name: string) => within(entry(name)).queryByTestId('stage-count')?.textContent ?? null;

describe('StageSidebar', () => {
  it('shows the three groups with their entries in order', () => {
    renderSidebar();
    const groups = screen.getAllByRole('list');
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(3);
    expect(screen.getByText('PIPELINE')).toBeInTheDocument();
    expect(screen.getByText('BOOKINGS')).toBeInTheDocument();
    expect(screen.getByText('ARCHIVE')).toBeInTheDocument();
    expect(
      within(groups[1])
        .getAllByRole('button')
        .map((button) => button.dataset.filter),
    ).toEqual(['consultations', 'noshowcancelled', 'postconsultations', 'procedures']);
  });

  it('counts All Leads as the total, Needs My Review as pending reviews, others by their stage', () => {
    renderSidebar();
    expect(countOf('All Leads')).toBe('412');
    expect(countOf('Needs My Review')).toBe('17');
    expect(countOf('Human Escalated')).toBe('22');
    expect(countOf('Active Conversations')).toBe('45');
    expect(countOf('Consultations')).toBe('30');
    expect(countOf('No Show / Cancelled')).toBe('9');
    expect(countOf('Closed / Lost')).toBe('70');
  });

  it('shows no counts before the stats arrive and marks the current stage', () => {
    renderSidebar(jest.fn(), null);
    expect(countOf('All Leads')).toBeNull();
    expect(entry('Needs My Review')).toHaveAttribute('aria-current', 'page');
    expect(entry('All Leads')).not.toHaveAttribute('aria-current');
  });

  it('reports the chosen entry, the current one included', async () => {
    const onSelect = renderSidebar();
    await userEvent.click(entry('Booked Procedures'));
    await userEvent.click(entry('Needs My Review'));
    expect(onSelect.mock.calls).toEqual([['procedures'], ['review']]);
  });
});

describe('stageCount', () => {
  it('is 0 for a stage missing from by_stage', () => {
    expect(stageCount('procedures', { total: 1, needs_review: 0, by_stage: {} })).toBe(0);
  });
});
