import { FIELD_MAPPING_TARGETS, groupFields, groupOf, withTarget } from './fieldMapping';

describe('field mapping groups', () => {
  it('puts a field with no mapping in unmapped, ignore and additional_info in their own groups, any other target in core', () => {
    expect(groupOf(undefined)).toBe('unmapped');
    expect(groupOf(null)).toBe('unmapped');
    expect(groupOf('')).toBe('unmapped');
    expect(groupOf('ignore')).toBe('ignored');
    expect(groupOf('additional_info')).toBe('additional');
    for (const target of FIELD_MAPPING_TARGETS.filter((t) => t !== 'ignore' && t !== 'additional_info')) {
      expect([target, groupOf(target)]).toEqual([target, 'core']);
    }
  });

  it('offers the 14 targets', () => {
    expect(FIELD_MAPPING_TARGETS).toHaveLength(14);
    expect(new Set(FIELD_MAPPING_TARGETS).size).toBe(14);
  });

  it('groups the discovered fields by their mapping, with their examples, in the server order', () => {
    const groups = groupFields({
      discovered_fields: [
        { name: 'your-name', examples: ['Ana Ruiz'] },
        { name: 'utm_source', examples: ['google'] },
        { name: 'how_did_you_hear', examples: ['Instagram', 'Friend'] },
        { name: 'favourite_colour', examples: [] },
        { name: 'e-mail', examples: ['ana@example.com'] },
      ],
      current_mappings: {
        'your-name': 'full_name',
        utm_source: 'ignore',
        how_did_you_hear: 'additional_info',
        'e-mail': 'email',
      },
    });
    expect(groups.core.map((row) => row.name)).toEqual(['your-name', 'e-mail']);
    expect(groups.ignored.map((row) => row.name)).toEqual(['utm_source']);
    expect(groups.additional).toEqual([
      { name: 'how_did_you_hear', examples: ['Instagram', 'Friend'], target: 'additional_info' },
    ]);
    expect(groups.unmapped).toEqual([{ name: 'favourite_colour', examples: [], target: null }]);
  });

  it('shows a mapped field the answer does not list as discovered, once', () => {
    const groups = groupFields({
      discovered_fields: [{ name: 'phone', examples: ['305-555-0100'] }],
      current_mappings: { phone: 'phone', old_field: 'message' },
    });
    expect(groups.core.map((row) => [row.name, row.examples])).toEqual([
      ['phone', ['305-555-0100']],
      ['old_field', []],
    ]);
  });

  it('saves the whole mapping with one field changed', () => {
    const current = { name: 'full_name', tel: 'phone' };
    expect(withTarget(current, 'tel', 'ignore')).toEqual({ name: 'full_name', tel: 'ignore' });
    expect(withTarget(current, 'notes', 'message')).toEqual({
      name: 'full_name',
      tel: 'phone',
      notes: 'message',
    });
    expect(current).toEqual({ name: 'full_name', tel: 'phone' });
  });
});
