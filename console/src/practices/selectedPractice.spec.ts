import { getSelectedPracticeId, resolveSelectedPractice, setSelectedPracticeId } from './selectedPractice';

const practices = [
  { practice_id: 'p-1', name: 'North Clinic' },
  { practice_id: 'p-2', name: 'South Clinic' },
];

describe('resolveSelectedPractice', () => {
  it("keeps the stored practice when it is one of the user's practices", () => {
    expect(resolveSelectedPractice('p-2', practices)).toBe(practices[1]);
  });

  it("falls back to the first practice when the stored one is not the user's", () => {
    expect(resolveSelectedPractice('p-gone', practices)).toBe(practices[0]);
  });

  it('falls back to the first practice when nothing is stored', () => {
    expect(resolveSelectedPractice(null, practices)).toBe(practices[0]);
  });

  it('is null when the user has no practices', () => {
    expect(resolveSelectedPractice('p-1', [])).toBeNull();
    expect(resolveSelectedPractice(null, [])).toBeNull();
  });
});

describe('the stored selection', () => {
  it('is kept in localStorage under selectedPracticeId', () => {
    setSelectedPracticeId('p-2');

    expect(localStorage.getItem('selectedPracticeId')).toBe('p-2');
    expect(getSelectedPracticeId()).toBe('p-2');
  });

  it('is removed when set to null', () => {
    setSelectedPracticeId('p-2');
    setSelectedPracticeId(null);

    expect(localStorage.getItem('selectedPracticeId')).toBeNull();
    expect(getSelectedPracticeId()).toBeNull();
  });
});
