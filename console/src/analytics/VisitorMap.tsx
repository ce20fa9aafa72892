import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { MAP } from './constants';
import { frameKey, mapFrame } from './mapView';
import type { MapMarker } from './realtimeRules';

/** Moves the map when its frame (no markers, one, several) changes; a poll with the same visitors leaves it be. */
function Framer({ positions }: { positions: [number, number][] }) {
  const map = useMap();
  const frame = mapFrame(positions);
  const key = frameKey(frame);
  useEffect(() => {
    if (frame.kind === 'centre') map.setView(frame.centre, frame.zoom);
    else map.fitBounds(frame.bounds, { padding: [frame.padding, frame.padding], maxZoom: frame.maxZoom });
    // The key stands for the frame: the effect runs when the frame changes, not on every poll.
  }, [map, key]);
  return null;
}

/**
 * The visitor map: OpenStreetMap tiles, and one circle marker (SVG, so it shows even when the tiles cannot load) per
 * visitor with a location, whose popup reads 'city, country'.
 */
export default function VisitorMap({ markers }: { markers: MapMarker[] }) {
  const positions = useMemo(() => markers.map((marker) => marker.position), [markers]);
  return (
    <MapContainer
      center={MAP.centre}
      zoom={MAP.zoom}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%', minHeight: 280 }}
      data-testid="visitor-map"
    >
      <TileLayer url={MAP.tiles} attribution={MAP.attribution} />
      {markers.map((marker) => (
        <CircleMarker
          key={marker.key}
          center={marker.position}
          radius={8}
          pathOptions={{ color: '#1B5E20', fillColor: '#43A047', fillOpacity: 0.8, weight: 2 }}
        >
          <Popup>{marker.label}</Popup>
        </CircleMarker>
      ))}
      <Framer positions={positions} />
    </MapContainer>
  );
}
