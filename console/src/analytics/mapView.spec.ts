import { frameKey, mapFrame } from './mapView';

describe('the visitor map frame', () => {
  it('centres on the central US at zoom 4 with no marker', () => {
    expect(mapFrame([])).toEqual({ kind: 'centre', centre: [39.8283, -98.5795], zoom: 4 });
  });

  it('centres on a single marker at zoom 10', () => {
    expect(mapFrame([[30.27, -97.74]])).toEqual({ kind: 'centre', centre: [30.27, -97.74], zoom: 10 });
  });

  it('fits several markers with 50 px padding and at most zoom 12', () => {
    expect(
      mapFrame([
        [30.27, -97.74],
        [40.71, -74.0],
        [34.05, -118.24],
      ]),
    ).toEqual({
      kind: 'fit',
      bounds: [
        [30.27, -118.24],
        [40.71, -74.0],
      ],
      padding: 50,
      maxZoom: 12,
    });
  });

  it('keeps its key while the markers stay where they are', () => {
    const a = mapFrame([
      [1, 2],
      [3, 4],
    ]);
    const b = mapFrame([
      [3, 4],
      [1, 2],
    ]);
    expect(frameKey(a)).toBe(frameKey(b));
    expect(frameKey(a)).not.toBe(frameKey(mapFrame([[1, 2]])));
  });
});
