import { conversionColour, listScoreTier, searchScoreTier } from './score';

describe('listScoreTier', () => {
  it.each([
    [100, 'flame'],
    [80, 'flame'],
    [79.5, 'flame'], // rounds to 80, the number the badge shows
    [79.4, 'star'],
    [60, 'star'],
    [59, 'thought'],
    [0, 'thought'],
    [null, 'thought'],
    [undefined, 'thought'],
  ])('a score of %p is a %p', (score, tier) => {
    expect(listScoreTier(score)).toBe(tier);
  });
});

describe('searchScoreTier', () => {
  it('is red with fire at 80 or more, with the score rounded', () => {
    expect(searchScoreTier(86.6)).toEqual({ tier: 'flame', colour: 'error', icon: '🔥', score: 87 });
  });
  it('is orange with a star from 60 to 79', () => {
    expect(searchScoreTier(60)).toMatchObject({ colour: 'warning', icon: '⭐', score: 60 });
    expect(searchScoreTier(79.2)).toMatchObject({ colour: 'warning', score: 79 });
  });
  it('is default with a thought bubble below 60 or without a score', () => {
    expect(searchScoreTier(59.4)).toMatchObject({ colour: 'default', icon: '💭', score: 59 });
    expect(searchScoreTier(null)).toMatchObject({ colour: 'default', score: null });
  });
});

describe('conversionColour', () => {
  it.each([
    [0.95, 'success'],
    [0.7, 'success'],
    [0.69, 'warning'],
    [0.4, 'warning'],
    [0.39, 'error'],
    [null, 'error'],
  ])('%p is %p', (p, colour) => {
    expect(conversionColour(p)).toBe(colour);
  });
});
