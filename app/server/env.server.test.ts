import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('map settings in the environment (MAP_TILE_URL, MAP_ATTRIBUTION)', () => {
  it('defaults to OpenStreetMap tiles and attribution, and lets images come from that host only', () => {
    const env = parseEnv({ NODE_ENV: 'production' });
    expect(env.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(env.MAP_ATTRIBUTION).toBe('© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)');
    expect(env.mapTileSources).toEqual(['https://tile.openstreetmap.org']);
  });

  it('takes another provider, with one image source per {s} subdomain', () => {
    const env = parseEnv({ NODE_ENV: 'production', MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© [Example](https://example.com)' });
    expect(env.mapTileSources).toEqual(['https://a.tiles.example.com', 'https://b.tiles.example.com', 'https://c.tiles.example.com']);
    expect(env.MAP_ATTRIBUTION).toBe('© [Example](https://example.com)');
  });

  it('takes a loopback stand-in over http, even in production', () => {
    expect(parseEnv({ NODE_ENV: 'production', MAP_TILE_URL: 'http://127.0.0.1:8088/{z}/{x}/{y}.png' }).mapTileSources).toEqual(['http://127.0.0.1:8088']);
  });

  it('refuses at start-up, naming the variable: no {z}/{x}/{y}, plain http to a real host in production, a bad attribution', () => {
    expect(() => parseEnv({ MAP_TILE_URL: 'https://tile.example.com/tiles.png' })).toThrow(/MAP_TILE_URL: must contain \{z\}/);
    expect(() => parseEnv({ NODE_ENV: 'production', MAP_TILE_URL: 'http://tile.example.com/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL: must use https in production/);
    expect(() => parseEnv({ MAP_ATTRIBUTION: '© [x](javascript:alert(1))' })).toThrow(/MAP_ATTRIBUTION: link/);
    expect(parseEnv({ NODE_ENV: 'development', MAP_TILE_URL: 'http://tiles.lan/{z}/{x}/{y}.png' }).mapTileSources).toEqual(['http://tiles.lan']);
  });

  it('treats empty values as unset (the defaults apply)', () => {
    expect(parseEnv({ MAP_TILE_URL: '', MAP_ATTRIBUTION: '' }).mapTileSources).toEqual(['https://tile.openstreetmap.org']);
  });
});
