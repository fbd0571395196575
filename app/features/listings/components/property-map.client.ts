/**
 * The detail page's Leaflet map (decision 016): the unit's building location with one
 * marker, zoom 15. Loaded on demand by `property-location-map.tsx`; browser only.
 */
import { createBaseMap, escapeHtml } from '~/components/map/base-map';
import { loadLeaflet } from '~/components/map/load-leaflet';
import classes from '~/components/map/map.module.css';
import type { MapTileConfig } from '~/lib/map-tiles';

export type PropertyMapOptions = {
  config: MapTileConfig;
  latitude: number;
  longitude: number;
  labels: { map: string; marker: string; zoomIn: string; zoomOut: string };
  onTilesFailed: () => void;
};

/** The zoom of a unit's map: a neighbourhood with its streets. */
export const PROPERTY_MAP_ZOOM = 15;

/** Draws the map in `element`; resolves to a function that removes it. */
export async function mountPropertyMap(element: HTMLElement, options: PropertyMapOptions): Promise<() => void> {
  const L = await loadLeaflet();
  const center: [number, number] = [options.latitude, options.longitude];
  const map = createBaseMap(L, element, {
    config: options.config,
    labels: options.labels,
    center,
    zoom: PROPERTY_MAP_ZOOM,
    onTilesFailed: options.onTilesFailed,
  });
  const icon = L.divIcon({
    className: classes.marker,
    html: `<span class="${classes.pin}" aria-hidden="true"><span></span></span><span class="${classes.srOnly}">${escapeHtml(options.labels.marker)}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 34],
  });
  // Not interactive: the marker only shows where the building is (nothing to open).
  L.marker(center, { icon, interactive: false, keyboard: false, title: options.labels.marker }).addTo(map);
  return () => map.remove();
}
