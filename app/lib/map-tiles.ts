/**
 * Map tile configuration (decision 016: "Leaflet and OpenStreetMap raster tiles by
 * default, `MAP_TILE_URL` configurable, CSP allowing only that host, attribution shown").
 * Client-safe: the env module validates with these helpers, the CSP lists `tileImageSources`,
 * and the browser renders `attributionHtml`.
 */

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The attribution OpenStreetMap requires; `[text](url)` marks a link. */
export const DEFAULT_MAP_ATTRIBUTION = '© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)';
/** Leaflet's default subdomains for a `{s}` placeholder. */
export const TILE_SUBDOMAINS = ['a', 'b', 'c'] as const;
/** The tile server's largest zoom we ask for (OpenStreetMap's standard layer serves 0–19). */
export const MAP_MAX_ZOOM = 19;

/** What the browser needs to draw a map: the tile template and the attribution text. */
export type MapTileConfig = { tileUrl: string; attribution: string };

const PLACEHOLDER = /\{([a-z]+)\}/g;
const ALLOWED_PLACEHOLDERS = new Set(['s', 'z', 'x', 'y', 'r']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The template with its placeholders filled, so it parses as a URL (`{s}` → `a`). */
function sampleUrl(template: string, subdomain: string = TILE_SUBDOMAINS[0]): URL | null {
  try {
    return new URL(template.replace(PLACEHOLDER, (_all, name: string) => (name === 's' ? subdomain : name === 'r' ? '' : '0')));
  } catch {
    return null;
  }
}

/**
 * Why a tile URL template is refused, or null when it is usable. Rules: an absolute http(s) URL
 * with `{z}`, `{x}` and `{y}`; only Leaflet's `{s}` `{z}` `{x}` `{y}` `{r}` placeholders; `{s}`
 * only as the first label of the host (so the CSP can name each host); no credentials; https in
 * production unless the host is loopback (a local stand-in tile server).
 */
export function tileUrlProblem(template: string, { production }: { production: boolean }): string | null {
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  for (const required of ['z', 'x', 'y']) {
    if (!names.includes(required)) return `must contain {${required}} (a tile URL template such as ${DEFAULT_MAP_TILE_URL})`;
  }
  const unknown = names.find((name) => !ALLOWED_PLACEHOLDERS.has(name));
  if (unknown) return `unknown placeholder {${unknown}} (allowed: {s} {z} {x} {y} {r})`;
  const url = sampleUrl(template);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'must be an absolute http(s) URL';
  if (url.username || url.password) return 'must not contain credentials';
  const hostPart = template.slice(template.indexOf('//') + 2).split('/')[0] ?? '';
  if (names.includes('s') && !/^\{s\}\.[^{}]+$/.test(hostPart))
    return '{s} may only be the first label of the host ({s}.tiles.example.com)';
  if (production && url.protocol !== 'https:' && !LOOPBACK_HOSTS.has(url.hostname))
    return 'must use https in production (http only for a loopback stand-in)';
  return null;
}

/**
 * The origins the browser loads tiles from, for the CSP's `img-src`: one origin, or one per
 * subdomain when the template has `{s}`. Never a wildcard. Assumes a template `tileUrlProblem`
 * accepted.
 */
export function tileImageSources(template: string): string[] {
  const subdomains = template.includes('{s}') ? TILE_SUBDOMAINS : [TILE_SUBDOMAINS[0]];
  return [
    ...new Set(subdomains.map((subdomain) => sampleUrl(template, subdomain)?.origin).filter((origin): origin is string => Boolean(origin))),
  ];
}

export type AttributionPart = { text: string; href?: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits an attribution with `[text](url)` links into text and link parts. */
export function parseAttribution(attribution: string): AttributionPart[] {
  const parts: AttributionPart[] = [];
  let last = 0;
  for (const match of attribution.matchAll(LINK)) {
    if (match.index > last) parts.push({ text: attribution.slice(last, match.index) });
    parts.push({ text: match[1]!, href: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < attribution.length) parts.push({ text: attribution.slice(last) });
  return parts;
}

/** Why an attribution is refused (empty, too long, a link that is not http(s)), or null. */
export function attributionProblem(attribution: string): string | null {
  if (!attribution.trim()) return 'must not be empty (tile providers require an attribution)';
  if (attribution.length > 300) return 'must be at most 300 characters';
  for (const part of parseAttribution(attribution)) {
    if (part.href === undefined) continue;
    try {
      const url = new URL(part.href);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return `link ${part.href} must be http(s)`;
    } catch {
      return `link ${part.href} is not an absolute URL`;
    }
  }
  return null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The attribution as HTML for Leaflet's attribution control: every part escaped, links kept. */
export function attributionHtml(attribution: string): string {
  return parseAttribution(attribution)
    .map((part) =>
      part.href ? `<a href="${escapeHtml(part.href)}" rel="noopener noreferrer">${escapeHtml(part.text)}</a>` : escapeHtml(part.text),
    )
    .join('');
}

/** The attribution without link markup, e.g. for an accessible label. */
export function attributionText(attribution: string): string {
  return parseAttribution(attribution)
    .map((part) => part.text)
    .join('');
}

/** A link that opens a location on openstreetmap.org (the static fallback's "Open in OpenStreetMap"). */
export function openStreetMapUrl(latitude: number, longitude: number, zoom = 15): string {
  const lat = latitude.toFixed(5);
  const lng = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
}
