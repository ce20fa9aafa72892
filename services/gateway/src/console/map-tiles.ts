/**
 * The visitor map's tile server (docs/decisions/0044-console-csp-and-map-tiles.md): a Leaflet URL template such as
 * `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, or off. Pure: the gateway's configuration reads it, the CSP
 * allows its host for images, and the console learns it from its page.
 */
export interface MapTiles {
  /** The template as configured. */
  template: string;
  /** The CSP source of its host: `https://tile.example.org`, or `https://*.tile.example.org` for `{s}.` hosts. */
  cspSource: string;
}

/** Why a template cannot be used, or its tiles: null for an empty value (the map without tiles). */
export function parseMapTiles(value: string | undefined | null): MapTiles | null | { problem: string } {
  const template = (value ?? '').trim();
  if (!template) return null;
  const match = /^(https?):\/\/((?:\{s\}\.)?)([a-z0-9.-]+(?::\d{1,5})?)(\/[^\s"'<>\\]*)$/i.exec(template);
  if (!match) {
    return { problem: 'must be an http(s) URL template of a tile server, or empty for a map without tiles' };
  }
  const [, scheme, subdomains, host, path] = match;
  if (!['{z}', '{x}', '{y}'].every((part) => path.includes(part))) {
    return { problem: 'must name {z}, {x} and {y} in its path' };
  }
  if (scheme.toLowerCase() === 'http' && !/^(localhost|127\.0\.0\.1)(:|$)/i.test(host)) {
    return { problem: 'must use https (http only for a tile server on this machine)' };
  }
  const origin = `${scheme.toLowerCase()}://${subdomains ? '*.' : ''}${host.toLowerCase()}`;
  return { template, cspSource: origin };
}

/** The console's page with the template in its `pp-map-tiles` meta tag (empty: no tiles). */
export function withMapTiles(html: string, tiles: MapTiles | null): string {
  const escaped = (tiles?.template ?? '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return html.replace(
    /<meta name="pp-map-tiles" content="[^"]*"\s*\/?>/,
    `<meta name="pp-map-tiles" content="${escaped}" />`,
  );
}
