import { MAP } from './constants';

/**
 * How the visitor map frames its markers (docs/product/analytics.md#live-activity): none, the central US at zoom
 * 4; one, centred on it at zoom 10; several, their bounds fitted with 50 px padding and at most zoom 12.
 */
export type MapFrame =
  | { kind: 'centre'; centre: [number, number]; zoom: number }
  | { kind: 'fit'; bounds: [[number, number], [number, number]]; padding: number; maxZoom: number };

export function mapFrame(positions: readonly [number, number][]): MapFrame {
  if (positions.length === 0) return { kind: 'centre', centre: MAP.centre, zoom: MAP.zoom };
  if (positions.length === 1) return { kind: 'centre', centre: positions[0], zoom: MAP.singleMarkerZoom };
  const lats = positions.map(([lat]) => lat);
  const lngs = positions.map(([, lng]) => lng);
  return {
    kind: 'fit',
    bounds: [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ],
    padding: MAP.fitPadding,
    maxZoom: MAP.fitMaxZoom,
  };
}

/** A key that changes only when the frame does, so polling with the same visitors does not move the map. */
export const frameKey = (frame: MapFrame): string => JSON.stringify(frame);
