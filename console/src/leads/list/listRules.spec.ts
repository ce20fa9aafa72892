import { filterLabel, matchesFilter, newLeadsCount, parseFilterId, stageQuery } from './listRules';

describe('newLeadsCount', () => {
  it('counts up to 99, then shows 99+', () => {
    expect(newLeadsCount(1)).toBe('1');
    expect(newLeadsCount(99)).toBe('99');
    expect(newLeadsCount(100)).toBe('99+');
    expect(newLeadsCount(2500)).toBe('99+');
  });
});

describe('the stage filter in the URL', () => {
  it('reads known filter ids and falls back to all', () => {
    expect(parseFilterId('review')).toBe('review');
    expect(parseFilterId('closed')).toBe('closed');
    expect(parseFilterId('Closed - Lost')).toBe('all');
    expect(parseFilterId(null)).toBe('all');
  });
  it('writes nothing for all leads', () => {
    expect(stageQuery('all')).toBe('');
    expect(stageQuery('noshowcancelled')).toBe('?stage=noshowcancelled');
  });
  it('titles the list with the sidebar label', () => {
    expect(filterLabel('all')).toBe('All Leads');
    expect(filterLabel('escalated')).toBe('Human Escalated');
    expect(filterLabel('closed')).toBe('Closed / Lost');
  });
});

describe('matchesFilter', () => {
  const lead = (stage: string, pending_review_type: string | null = null) => ({ stage, pending_review_type });
  it('puts every lead in All Leads', () => {
    expect(matchesFilter('all', lead('Lead'))).toBe(true);
    expect(matchesFilter('all', null)).toBe(true);
  });
  it('matches a stage filter by its stage', () => {
    expect(matchesFilter('consultations', lead('Scheduled'))).toBe(true);
    expect(matchesFilter('consultations', lead('Lead'))).toBe(false);
  });
  it('matches Needs My Review by a pending review', () => {
    expect(matchesFilter('review', lead('Lead', 'approval'))).toBe(true);
    expect(matchesFilter('review', lead('Lead'))).toBe(false);
  });
});
