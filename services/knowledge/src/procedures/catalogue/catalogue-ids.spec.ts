import { catalogueId } from './catalogue-ids';

describe('catalogue ids', () => {
  it('derives stable UUID v5 ids from the keys', () => {
    expect(catalogueId('procedure', 'botox')).toBe(catalogueId('procedure', 'botox'));
    expect(catalogueId('procedure', 'botox')).not.toBe(catalogueId('category', 'botox'));
    expect(catalogueId('procedure', 'botox')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
