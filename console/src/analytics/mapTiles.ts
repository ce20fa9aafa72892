/**
 * The visitor map's tile server, as the gateway names it in the page (`<meta name="pp-map-tiles">`, from its
 * MAP_TILES_URL setting): a Leaflet URL template, or null when the map has no tiles — then no browser asks a tile
 * server anything, and the page's CSP would refuse it anyway (docs/decisions/0044-console-csp-and-map-tiles.md).
 */
export function mapTilesUrl(doc: Document = document): string | null {
  const content = doc.querySelector('meta[name="pp-map-tiles"]')?.getAttribute('content')?.trim();
  return content ? content : null;
}
