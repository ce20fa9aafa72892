import 'leaflet/dist/leaflet.css';
import { Box, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { MAP } from './constants';
import { mapTilesUrl } from './mapTiles';
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

/** DB-IP's attribution, which a map without tiles still owes (no tile layer brings it). */
function LocationsAttribution() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.addAttribution(MAP.locationsAttribution);
    return () => void map.attributionControl?.removeAttribution(MAP.locationsAttribution);
  }, [map]);
  return null;
}

/**
 * The visitor map: the deployment's tiles when it configured a tile server (`mapTilesUrl`), else a plain background
 * that says so; one circle marker (SVG, so it shows with or without tiles) per visitor with a location, whose
 * popup reads 'city, country'.
 */
export default function VisitorMap({ markers }: { markers: MapMarker[] }) {
  const translate = useTranslate();
  const positions = useMemo(() => markers.map((marker) => marker.position), [markers]);
  const tiles = useMemo(() => mapTilesUrl(), []);
  return (
    <Box
      sx={{ position: 'relative', height: '100%', width: '100%', minHeight: 280 }}
      data-testid="visitor-map"
      data-tiles={tiles ? 'on' : 'off'}
    >
      <MapContainer
        center={MAP.centre}
        zoom={MAP.zoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%', minHeight: 280, background: tiles ? undefined : '#e8eef0' }}
      >
        {tiles && <TileLayer url={tiles} attribution={MAP.tilesAttribution} />}
        <LocationsAttribution />
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
      {!tiles && (
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="map-no-tiles"
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            zIndex: 1000,
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'rgba(255, 255, 255, 0.85)',
            pointerEvents: 'none',
          }}
        >
          {translate('pp.analytics.realtime.map_without_tiles')}
        </Typography>
      )}
    </Box>
  );
}
