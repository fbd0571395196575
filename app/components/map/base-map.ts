/**
 * A Leaflet map set up the way every Dimora map is (decision 016): raster tiles from
 * MAP_TILE_URL with the provider's attribution always shown, translated zoom buttons, keyboard
 * navigation (arrow keys pan, +/- zoom, Enter opens a marker), and the scroll wheel left to the
 * page until the map is focused or clicked, so scrolling past a map never zooms it.
 * Browser only; Leaflet comes from `load-leaflet.ts`.
 */
import type { Map as LeafletMap } from 'leaflet';
import { MAP_MAX_ZOOM, attributionHtml, type MapTileConfig } from '~/lib/map-tiles';
import type { Leaflet } from './load-leaflet';
import classes from './map.module.css';

export type BaseMapOptions = {
  config: MapTileConfig;
  /** Translated texts: the map's accessible name and the zoom buttons. */
  labels: { map: string; zoomIn: string; zoomOut: string };
  center: [number, number];
  zoom: number;
  /** Called once when the first tiles all fail (offline, blocked, provider down). */
  onTilesFailed?: () => void;
};

/** Creates the map in `element` (which must have a size) and returns it; `map.remove()` undoes it. */
export function createBaseMap(L: Leaflet, element: HTMLElement, options: BaseMapOptions): LeafletMap {
  const map = L.map(element, {
    center: options.center,
    zoom: options.zoom,
    maxZoom: MAP_MAX_ZOOM,
    scrollWheelZoom: false,
    keyboard: true,
    zoomControl: false,
    attributionControl: false,
  });
  L.control.zoom({ zoomInTitle: options.labels.zoomIn, zoomOutTitle: options.labels.zoomOut }).addTo(map);
  // Bottom left: the chat button floats over the bottom-right corner of every page.
  L.control.attribution({ prefix: false, position: 'bottomleft' }).addAttribution(attributionHtml(options.config.attribution)).addTo(map);

  const container = map.getContainer();
  container.classList.add(classes.leaflet!);
  container.setAttribute('role', 'region');
  container.setAttribute('aria-label', options.labels.map);

  // The wheel belongs to the page until the visitor shows interest in the map. The container
  // outlives the map (React owns it): its listeners go when the map is removed.
  const listeners = new AbortController();
  map.once('unload', () => listeners.abort());
  const enableWheel = () => map.scrollWheelZoom.enable();
  container.addEventListener('focus', enableWheel, { signal: listeners.signal });
  map.on('click', enableWheel);
  container.addEventListener(
    'blur',
    (event) => {
      if (!(event.relatedTarget instanceof Node && container.contains(event.relatedTarget))) map.scrollWheelZoom.disable();
    },
    { signal: listeners.signal },
  );
  container.addEventListener(
    'mouseleave',
    () => {
      if (!container.contains(document.activeElement)) map.scrollWheelZoom.disable();
    },
    { signal: listeners.signal },
  );

  const tiles = L.tileLayer(options.config.tileUrl, { maxZoom: MAP_MAX_ZOOM, subdomains: 'abc' });
  let loaded = 0;
  let failed = 0;
  tiles.on('tileload', () => {
    loaded += 1;
  });
  tiles.on('tileerror', () => {
    failed += 1;
  });
  // `load` fires when every visible tile has loaded or failed.
  tiles.once('load', () => {
    if (loaded === 0 && failed > 0) options.onTilesFailed?.();
  });
  tiles.addTo(map);
  return map;
}

/** Escapes text for Leaflet's HTML strings (marker and cluster icons). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
