/**
 * The Leaflet map of /properties?view=map (decision 016): one marker per building with
 * the number of matching homes, clustered by leaflet.markercluster (a cluster shows the homes
 * of its buildings), fitted to the markers; a marker's popup names the building, its city, the
 * homes and their rent range, and links to the unit (one home) or to the list of that
 * building's matching homes. Loaded on demand by `listing-map-view.tsx`; browser only.
 */
import type { TFunction } from '~/lib/i18n';
import type { LatLngBoundsExpression, Map as LeafletMap, Marker, MarkerCluster, MarkerClusterGroup } from 'leaflet';
import { createBaseMap, escapeHtml } from '~/components/map/base-map';
import { loadLeafletWithClusters, type Leaflet } from '~/components/map/load-leaflet';
import classes from '~/components/map/map.module.css';
import type { Language } from '~/lib/constants';
import { formatNumber, formatUsd } from '~/lib/format';
import { intlLocale } from '~/lib/i18n';
import type { MapTileConfig } from '~/lib/map-tiles';
import { listingHref, type ListingQuery } from '../listing-query';
import type { ListingPoint } from '../listing-points-codec';

/** The search the map shows and the visitor's language: what its texts and links are made from. */
export type ListingMapSearch = { t: TFunction; lang: Language; query: ListingQuery; action: string };

/** Texts and links in the visitor's language. */
type ListingMapTexts = {
  map: string;
  zoomIn: string;
  zoomOut: string;
  /** The accessible name of a building's marker. */
  marker: (point: ListingPoint) => string;
  /** The accessible name of a cluster of `buildings` buildings holding `units` homes. */
  cluster: (units: number, buildings: number) => string;
  /** A short count for a cluster's badge ("1.2K"). */
  count: (value: number) => string;
  homes: (count: number) => string;
  price: (point: ListingPoint) => string;
  link: (point: ListingPoint) => string;
  href: (point: ListingPoint) => string;
};

/** The map's texts: labels, accessible names, popup lines and links (`map.*` translations). */
function listingMapTexts({ t, lang, query, action }: ListingMapSearch): ListingMapTexts {
  const compact = new Intl.NumberFormat(intlLocale(lang), { notation: 'compact', maximumFractionDigits: 1 });
  const price = (point: ListingPoint) =>
    point.minPrice === point.maxPrice
      ? t('map.popup.price', { price: formatUsd(point.minPrice, lang) })
      : t('map.popup.priceRange', { min: formatUsd(point.minPrice, lang), max: formatUsd(point.maxPrice, lang) });
  const counted = (count: number) => ({ count, value: formatNumber(count, lang) });
  return {
    map: t('map.results.label'),
    zoomIn: t('map.controls.zoomIn'),
    zoomOut: t('map.controls.zoomOut'),
    marker: (point) =>
      t('map.marker.building', { name: point.name, city: point.city, state: point.state, price: price(point), ...counted(point.units) }),
    cluster: (units, buildings) =>
      t('map.marker.cluster', { homes: t('map.marker.homes', counted(units)), buildings: t('map.results.buildings', counted(buildings)) }),
    count: (value) => compact.format(value),
    homes: (count) => t('map.popup.homes', counted(count)),
    price,
    link: (point) => (point.unitId !== null ? t('map.popup.seeHome') : t('map.popup.seeHomes', counted(point.units))),
    href: (point) => (point.unitId !== null ? `/property/${point.unitId}` : listingHref(action, { ...query, building: point.id, page: 1 })),
  };
}

export type ListingMapOptions = {
  config: MapTileConfig;
  points: ListingPoint[];
  search: ListingMapSearch;
  /** Follows a popup link inside the app (client-side navigation). */
  navigate: (href: string) => void;
  onTilesFailed: () => void;
};

export type ListingMapHandle = {
  /** Replaces the markers (a new search) and fits the view to them. */
  update: (points: ListingPoint[], search: ListingMapSearch) => void;
  remove: () => void;
};

/** The view of the contiguous US when a search has no point to fit. */
const US_CENTER: [number, number] = [39.5, -98.35];
const US_ZOOM = 4;
/** Do not zoom closer than a neighbourhood when fitting to one building. */
const FIT_MAX_ZOOM = 15;

type BuildingMarker = Marker & { options: { units?: number } };

function popupContent(point: ListingPoint, texts: ListingMapTexts): HTMLElement {
  const root = document.createElement('div');
  const title = document.createElement('strong');
  title.className = classes.popupTitle!;
  title.textContent = point.name;
  const place = document.createElement('span');
  place.className = classes.popupMeta!;
  place.textContent = `${point.city}, ${point.state}`;
  const homes = document.createElement('span');
  homes.className = classes.popupMeta!;
  homes.textContent = `${texts.homes(point.units)} · ${texts.price(point)}`;
  const link = document.createElement('a');
  link.className = classes.popupLink!;
  link.href = texts.href(point);
  link.textContent = texts.link(point);
  link.dataset.appLink = 'true';
  root.append(title, place, homes, link);
  return root;
}

function buildingMarker(L: Leaflet, point: ListingPoint, texts: ListingMapTexts): Marker {
  const label = texts.marker(point);
  const digits = String(point.units).length;
  const size = digits > 2 ? 38 : 32;
  const icon = L.divIcon({
    className: classes.marker,
    html: `<span class="${classes.pin}" aria-hidden="true"><span>${point.units}</span></span><span class="${classes.srOnly}">${escapeHtml(label)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size * 1.2],
    popupAnchor: [0, -size * 1.1],
  });
  const options = { icon, keyboard: true, title: label, units: point.units, riseOnHover: true };
  const marker = L.marker([point.lat, point.lng], options);
  marker.bindPopup(() => popupContent(point, texts), { maxWidth: 260 });
  return marker;
}

function clusterIcon(L: Leaflet, cluster: MarkerCluster, texts: ListingMapTexts) {
  const markers = cluster.getAllChildMarkers() as BuildingMarker[];
  const units = markers.reduce((sum, marker) => sum + (marker.options.units ?? 0), 0);
  const label = texts.cluster(units, markers.length);
  const size = units >= 1000 ? 52 : units >= 100 ? 46 : 40;
  return L.divIcon({
    className: classes.marker,
    html: `<span class="${classes.cluster}" aria-hidden="true">${escapeHtml(texts.count(units))}</span><span class="${classes.srOnly}">${escapeHtml(label)}</span>`,
    iconSize: [size, size],
  });
}

function fit(map: LeafletMap, points: ListingPoint[]) {
  if (points.length === 0) {
    map.setView(US_CENTER, US_ZOOM);
    return;
  }
  const bounds: LatLngBoundsExpression = points.map((point) => [point.lat, point.lng] as [number, number]);
  map.fitBounds(bounds, { padding: [40, 40], maxZoom: FIT_MAX_ZOOM, animate: false });
}

/** Draws the map of `points` in `element`; resolves to a handle to update or remove it. */
export async function mountListingMap(element: HTMLElement, options: ListingMapOptions): Promise<ListingMapHandle> {
  const L = await loadLeafletWithClusters();
  let texts = listingMapTexts(options.search);
  const map = createBaseMap(L, element, {
    config: options.config,
    labels: texts,
    center: US_CENTER,
    zoom: US_ZOOM,
    onTilesFailed: options.onTilesFailed,
  });
  const group: MarkerClusterGroup = L.markerClusterGroup({
    showCoverageOnHover: false,
    spiderfyOnMaxZoom: true,
    chunkedLoading: true,
    iconCreateFunction: (cluster) => clusterIcon(L, cluster, texts),
  });
  map.addLayer(group);

  // Popup links navigate inside the app; a keyboard user lands on the popup's link.
  // The container outlives the map (React owns it): these listeners go when the map does, so a
  // map drawn again in it never navigates twice.
  const container = map.getContainer();
  const listeners = new AbortController();
  map.once('unload', () => listeners.abort());
  const { signal } = listeners;
  let keyboardOpened = false;
  container.addEventListener(
    'keydown',
    (event) => {
      keyboardOpened = event.key === 'Enter';
    },
    { signal },
  );
  container.addEventListener(
    'pointerdown',
    () => {
      keyboardOpened = false;
    },
    { signal },
  );
  // Capture phase: Leaflet stops clicks inside a popup from bubbling to the map.
  container.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-app-link]') : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      options.navigate(link.getAttribute('href') ?? '/');
    },
    { capture: true, signal },
  );
  // The current zoom, for whoever watches the map (browser tests wait on it).
  map.on('zoomend', () => {
    container.dataset.zoom = String(map.getZoom());
  });
  map.on('popupopen', (event) => {
    if (keyboardOpened) event.popup.getElement()?.querySelector<HTMLAnchorElement>('a[data-app-link]')?.focus();
  });

  const show = (points: ListingPoint[]) => {
    group.clearLayers();
    group.addLayers(points.map((point) => buildingMarker(L, point, texts)));
    fit(map, points);
    container.dataset.zoom = String(map.getZoom());
  };
  show(options.points);

  return {
    update(points, search) {
      texts = listingMapTexts(search);
      map.closePopup();
      show(points);
    },
    remove() {
      map.remove();
    },
  };
}
