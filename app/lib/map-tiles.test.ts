import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  attributionHtml,
  attributionProblem,
  attributionText,
  openStreetMapUrl,
  parseAttribution,
  tileImageSources,
  tileUrlProblem,
} from './map-tiles';

describe('tile URL templates (MAP_TILE_URL)', () => {
  it.each([
    [DEFAULT_MAP_TILE_URL, true],
    ['https://{s}.basemaps.example.com/light/{z}/{x}/{y}{r}.png', true],
    ['https://tiles.example.com/{z}/{x}/{y}.png?key=abc', true],
    ['http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png', true],
    ['http://localhost:8080/{z}/{x}/{y}.png', true],
  ])('accepts %s in production: %s', (template, ok) => {
    expect(tileUrlProblem(template, { production: true }) === null).toBe(ok);
  });

  it.each([
    ['https://tile.example.com/{z}/{x}.png', /\{y\}/],
    ['https://tile.example.com/{x}/{y}.png', /\{z\}/],
    ['https://tile.example.com/{z}/{x}/{y}.png?style={style}', /unknown placeholder \{style\}/],
    ['//tile.example.com/{z}/{x}/{y}.png', /absolute http/],
    ['ftp://tile.example.com/{z}/{x}/{y}.png', /absolute http/],
    ['javascript:alert(1)//{z}/{x}/{y}', /absolute http/],
    ['https://user:secret@tile.example.com/{z}/{x}/{y}.png', /credentials/],
    ['https://tiles.{s}.example.com/{z}/{x}/{y}.png', /first label/],
    ['https://tile.example.com/{s}/{z}/{x}/{y}.png', /first label/],
    ['http://tile.example.com/{z}/{x}/{y}.png', /https in production/],
  ])('refuses %s', (template, reason) => {
    expect(tileUrlProblem(template, { production: true })).toMatch(reason);
  });

  it('allows plain http outside production (a stand-in tile server on the network)', () => {
    expect(tileUrlProblem('http://tiles.lan/{z}/{x}/{y}.png', { production: false })).toBeNull();
  });
});

describe('tile image sources (the CSP img-src)', () => {
  it('is exactly the origin of the template', () => {
    expect(tileImageSources(DEFAULT_MAP_TILE_URL)).toEqual(['https://tile.openstreetmap.org']);
    expect(tileImageSources('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:8080']);
  });

  it('names each {s} subdomain, never a wildcard', () => {
    expect(tileImageSources('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toEqual([
      'https://a.tiles.example.com',
      'https://b.tiles.example.com',
      'https://c.tiles.example.com',
    ]);
  });
});

describe('attribution (MAP_ATTRIBUTION)', () => {
  it('splits [text](url) links from text', () => {
    expect(parseAttribution(DEFAULT_MAP_ATTRIBUTION)).toEqual([
      { text: '© ' },
      { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
    ]);
    expect(attributionText(DEFAULT_MAP_ATTRIBUTION)).toBe('© OpenStreetMap contributors');
  });

  it('renders escaped HTML with the links kept', () => {
    expect(attributionHtml(DEFAULT_MAP_ATTRIBUTION)).toBe(
      '© <a href="https://www.openstreetmap.org/copyright" rel="noopener noreferrer">OpenStreetMap contributors</a>',
    );
    expect(attributionHtml('<img src=x onerror=alert(1)> [a"b](https://x.example/?q="<>)')).toBe(
      '&#60;img src=x onerror=alert(1)&#62; <a href="https://x.example/?q=&#34;&#60;&#62;" rel="noopener noreferrer">a&#34;b</a>',
    );
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['x'.repeat(301), /300/],
    ['© [Tiles](javascript:alert(1))', /http/],
    ['© [Tiles](/relative)', /absolute/],
  ])('refuses %j', (attribution, reason) => {
    expect(attributionProblem(attribution)).toMatch(reason);
  });

  it('accepts the default and several links', () => {
    expect(attributionProblem(DEFAULT_MAP_ATTRIBUTION)).toBeNull();
    expect(attributionProblem('© [OpenStreetMap](https://osm.org/copyright), © [CARTO](https://carto.com/attributions)')).toBeNull();
  });
});

describe('openStreetMapUrl', () => {
  it('opens the coordinates with a marker at zoom 15', () => {
    expect(openStreetMapUrl(30.2672, -97.7431)).toBe(
      'https://www.openstreetmap.org/?mlat=30.26720&mlon=-97.74310#map=15/30.26720/-97.74310',
    );
  });
});
