import { MapTiles, parseMapTiles, withMapTiles } from './map-tiles';

describe('the map tile server setting', () => {
  it('is off when empty', () => {
    expect(parseMapTiles(undefined)).toBeNull();
    expect(parseMapTiles('  ')).toBeNull();
  });

  it('allows exactly the tile host in the CSP, any subdomain only for a {s} template', () => {
    expect(parseMapTiles('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual({
      template: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      cspSource: 'https://tile.openstreetmap.org',
    });
    expect(parseMapTiles('https://{s}.Tiles.Example.org:8443/v1/{z}/{x}/{y}@2x.png?key=abc')).toEqual({
      template: 'https://{s}.Tiles.Example.org:8443/v1/{z}/{x}/{y}@2x.png?key=abc',
      cspSource: 'https://*.tiles.example.org:8443',
    });
    expect(parseMapTiles('http://localhost:8090/{z}/{x}/{y}.png')).toMatchObject({
      cspSource: 'http://localhost:8090',
    });
  });

  it.each([
    'tile.openstreetmap.org/{z}/{x}/{y}.png',
    'ftp://tiles.example.org/{z}/{x}/{y}.png',
    'javascript:alert(1)//{z}/{x}/{y}',
    'https://tiles.example.org/{z}/{x}.png',
    'http://tiles.example.org/{z}/{x}/{y}.png',
    "https://tiles.example.org/{z}/{x}/{y}.png'; script-src *",
    'https://*.example.org/{z}/{x}/{y}.png',
    'https://user@tiles.example.org/{z}/{x}/{y}.png',
  ])('refuses %s', (value) => {
    expect(parseMapTiles(value)).toEqual({ problem: expect.any(String) });
  });

  it('writes the template into the console page, escaped', () => {
    const page = '<head><meta name="pp-map-tiles" content="" /></head>';
    const tiles: MapTiles = { template: 'https://t.example.org/{z}/{x}/{y}.png?a=1&b="2"', cspSource: 'x' };
    expect(withMapTiles(page, tiles)).toBe(
      '<head><meta name="pp-map-tiles" content="https://t.example.org/{z}/{x}/{y}.png?a=1&amp;b=&quot;2&quot;" /></head>',
    );
    expect(withMapTiles(page, null)).toBe(page);
    expect(withMapTiles('<head></head>', tiles)).toBe('<head></head>');
  });
});
