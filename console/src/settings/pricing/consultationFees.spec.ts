import {
  changeRow,
  checkFeeEditor,
  configuredModalities,
  feeRequests,
  feeSummaries,
  initialFeeEditor,
  setUseAll,
} from './consultationFees';

const LOCATIONS = [
  { location_id: 'loc-a', name: 'Downtown' },
  { location_id: 'loc-b', name: 'Uptown' },
];

describe('consultation fees', () => {
  it('starts the editor on All with USD when nothing is configured', () => {
    const editor = initialFeeEditor(undefined, LOCATIONS);
    expect(editor.useAll).toBe(true);
    expect(editor.all).toEqual({ fee: '', currency: 'USD', isFree: false });
    expect(Object.keys(editor.locations)).toEqual(['loc-a', 'loc-b']);
  });

  it('opens per location when only location fees exist', () => {
    const editor = initialFeeEditor(
      { all_locations: null, locations: { 'loc-a': { fee: 150, currency: 'USD', is_free: false } } },
      LOCATIONS,
    );
    expect(editor.useAll).toBe(false);
    expect(editor.locations['loc-a'].fee).toBe('150');
  });

  it('copies the All values to every location when All is unchecked', () => {
    const editor = initialFeeEditor(undefined, LOCATIONS);
    const edited = { ...editor, all: changeRow(editor.all, { fee: '99', currency: 'CAD' }) };
    const split = setUseAll(edited, false);
    expect(split.locations['loc-b']).toEqual({ fee: '99', currency: 'CAD', isFree: false });
    expect(feeRequests(split, 'medspa')).toEqual([
      { location_id: 'loc-a', modality: 'medspa', fee: 99, currency: 'CAD', is_free: false },
      { location_id: 'loc-b', modality: 'medspa', fee: 99, currency: 'CAD', is_free: false },
    ]);
  });

  it('sends nothing for a location left Not set', () => {
    const editor = setUseAll(initialFeeEditor(undefined, LOCATIONS), false);
    editor.locations['loc-a'] = changeRow(editor.locations['loc-a'], { fee: '80' });
    expect(feeRequests(editor, 'medspa')).toEqual([
      { location_id: 'loc-a', modality: 'medspa', fee: 80, currency: 'USD', is_free: false },
    ]);
  });

  it('makes the fee null when Free is checked', () => {
    const row = changeRow({ fee: '120', currency: 'USD', isFree: false }, { isFree: true });
    expect(row.fee).toBe('');
    expect(feeRequests({ useAll: true, all: row, locations: {} }, 'surgery')).toEqual([
      { location_id: null, modality: 'surgery', fee: null, currency: 'USD', is_free: true },
    ]);
  });

  it('summarises each configured modality', () => {
    const fees = {
      medspa: {
        all_locations: { policy_id: 'x', fee: 75, currency: 'USD' as const, is_free: false },
        locations: {},
      },
      surgery: {
        all_locations: null,
        locations: { 'loc-a': { fee: null, currency: 'USD' as const, is_free: true } },
      },
    };
    expect(configuredModalities(fees)).toEqual(['medspa', 'surgery']);
    expect(feeSummaries(fees, LOCATIONS)).toEqual([
      { modality: 'medspa', kind: 'fee_all', fee: 75, currency: 'USD' },
      {
        modality: 'surgery',
        kind: 'varies',
        locations: [
          { name: 'Downtown', preview: { kind: 'free' } },
          { name: 'Uptown', preview: { kind: 'not_set' } },
        ],
      },
    ]);
    expect(
      feeSummaries(
        {
          medspa: {
            all_locations: { policy_id: 'y', fee: null, currency: 'USD' as const, is_free: true },
            locations: {},
          },
        },
        [],
      ),
    ).toEqual([{ modality: 'medspa', kind: 'free_all' }]);
    expect(feeSummaries({}, LOCATIONS)).toEqual([]);
  });
  it('refuses an emptied stored row (restoring its value), an empty All, and a save with nothing to send', () => {
    const stored = {
      all_locations: null,
      locations: { 'loc-a': { fee: 150, currency: 'USD' as const, is_free: false } },
    };
    const editor = initialFeeEditor(stored, LOCATIONS);
    const emptied = {
      ...editor,
      locations: { ...editor.locations, 'loc-a': changeRow(editor.locations['loc-a'], { fee: '' }) },
    };
    const check = checkFeeEditor(emptied, stored, 'medspa');
    expect(check).toMatchObject({ kind: 'required', rows: ['loc-a'] });
    expect(check.kind === 'required' && check.editor.locations['loc-a'].fee).toBe('150');
    expect(checkFeeEditor(initialFeeEditor(undefined, LOCATIONS), undefined, 'medspa')).toMatchObject({
      kind: 'required',
      rows: ['all'],
    });
    expect(
      checkFeeEditor(setUseAll(initialFeeEditor(undefined, LOCATIONS), false), undefined, 'medspa'),
    ).toEqual({
      kind: 'nothing',
    });
    expect(checkFeeEditor(editor, stored, 'medspa')).toEqual({
      kind: 'save',
      requests: [{ location_id: 'loc-a', modality: 'medspa', fee: 150, currency: 'USD', is_free: false }],
    });
  });
});
