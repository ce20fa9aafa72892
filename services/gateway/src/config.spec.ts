import { gatewayConfigSchema } from './config';

describe('the gateway setting MAP_TILES_URL', () => {
  const setting = gatewayConfigSchema.shape.MAP_TILES_URL;

  it('is off unless set', () => {
    expect(setting.parse(undefined)).toBeNull();
    expect(setting.parse('')).toBeNull();
  });

  it('reads a tile server and the CSP source of its host', () => {
    expect(setting.parse('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual({
      template: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      cspSource: 'https://tile.openstreetmap.org',
    });
  });

  it('stops the gateway with a message naming the setting when it is not a tile URL template', () => {
    const result = setting.safeParse('http://tiles.example.org/{z}/{x}/{y}.png');
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('MAP_TILES_URL must use https');
  });
});
