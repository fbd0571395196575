/**
 * Loads Leaflet (and, for clustered maps, leaflet.markercluster) with their CSS on demand: the
 * maps are dynamic imports, so no page pays for them on first load (decision 016,
 * "lazy-loaded so it costs nothing on first paint"). Browser only; each part loads once.
 */
import type * as LeafletModule from 'leaflet';

export type Leaflet = typeof LeafletModule;

let leaflet: Promise<Leaflet> | null = null;
let cluster: Promise<Leaflet> | null = null;

/** Leaflet and its stylesheet. */
export function loadLeaflet(): Promise<Leaflet> {
  leaflet ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(
    ([module]) => (module.default ?? module) as Leaflet,
  );
  leaflet.catch(() => {
    leaflet = null; // A failed chunk download may be retried on the next map.
  });
  return leaflet;
}

/**
 * Leaflet with `L.markerClusterGroup`. The plugin is a UMD script that extends the global `L`
 * Leaflet sets, so it must run after Leaflet.
 */
export function loadLeafletWithClusters(): Promise<Leaflet> {
  cluster ??= loadLeaflet().then(async (L) => {
    await Promise.all([import('leaflet.markercluster'), import('leaflet.markercluster/dist/MarkerCluster.css')]);
    return L;
  });
  cluster.catch(() => {
    cluster = null;
  });
  return cluster;
}
