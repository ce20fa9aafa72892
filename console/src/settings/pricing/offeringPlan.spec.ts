import { initialOfferingEditor, offeredRows, offeringCalls, removalCall } from './offeringPlan';
import { anItem } from './testKit';

const LOCATIONS = [
  { location_id: 'loc-a', name: 'Downtown' },
  { location_id: 'loc-b', name: 'Uptown' },
];
const pricing = { min: 100, max: 200, unit: 'Unit' as const, currency: 'USD' as const };
const everywhere = anItem({
  procedure_id: 'botox',
  parent_id: 'inj',
  offerings: { all_locations: { offered: true, pricing, practice_procedure_id: 'pp-1' }, locations: {} },
});

describe('the offering editor', () => {
  it('opens on All locations with the current pricing', () => {
    const editor = initialOfferingEditor(everywhere, LOCATIONS);
    expect(editor.mode).toBe('all');
    expect(editor.all).toEqual({ min: '100', max: '200', unit: 'Unit', currency: 'USD' });
  });

  it('sends a changed price through update-offering, min and max as numbers and empty as null', () => {
    const editor = initialOfferingEditor(everywhere, LOCATIONS);
    const calls = offeringCalls(everywhere, { ...editor, all: { ...editor.all, min: '150', max: '' } });
    expect(calls).toEqual({
      update: [
        {
          procedure_id: 'botox',
          location_id: null,
          is_offered: true,
          price_min: 150,
          price_max: null,
          unit: 'Unit',
          currency: 'USD',
        },
      ],
      create: [],
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(offeringCalls(everywhere, initialOfferingEditor(everywhere, LOCATIONS))).toEqual({
      update: [],
      create: [],
    });
  });

  it('ends All locations when switching to per location, offering only the checked locations', () => {
    const editor = initialOfferingEditor(everywhere, LOCATIONS);
    editor.mode = 'locations';
    editor.locations['loc-a'].offered = true;
    const calls = offeringCalls(everywhere, editor);
    expect(calls.update).toEqual([
      { procedure_id: 'botox', location_id: null, is_offered: false, end_pricing_when_disabled: true },
    ]);
    expect(calls.create.map((call) => [call.location_id, call.price_min])).toEqual([['loc-a', 100]]);
  });

  it('ends the pricing of a location turned off', () => {
    const perLocation = anItem({
      procedure_id: 'laser',
      offerings: {
        all_locations: { offered: false, pricing: null, practice_procedure_id: null },
        locations: {
          'loc-a': { offered: true, pricing, location_name: 'Downtown' },
          'loc-b': { offered: true, pricing, location_name: 'Uptown' },
        },
      },
    });
    const editor = initialOfferingEditor(perLocation, LOCATIONS);
    expect(editor.mode).toBe('locations');
    editor.locations['loc-b'].offered = false;
    expect(offeringCalls(perLocation, editor)).toEqual({
      update: [
        { procedure_id: 'laser', location_id: 'loc-b', is_offered: false, end_pricing_when_disabled: true },
      ],
      create: [],
    });
    expect(removalCall(perLocation)).toEqual({
      procedure_id: 'laser',
      location_id: null,
      is_offered: false,
      end_pricing_when_disabled: true,
    });
    expect(offeredRows(perLocation).map((row) => row.locationName)).toEqual(['Downtown', 'Uptown']);
  });
});
