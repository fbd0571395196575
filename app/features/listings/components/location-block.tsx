/**
 * The detail page's location section (decision 016): a Leaflet map of the building's
 * location, loaded only when the section scrolls into view, over a static fallback (city and
 * state) that is what visitors without JavaScript, or whose tiles fail, see; then the city,
 * state and ZIP, a link "Open in OpenStreetMap", and the note that the address is shared with
 * applicants. The map shows the building's coordinates, never the street address (DESIGN §5).
 */
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import classes from '~/components/map/map.module.css';
import { useInView } from '~/components/map/use-in-view';
import { openStreetMapUrl, type MapTileConfig } from '~/lib/map-tiles';

type Props = {
  city: string;
  state: string;
  zipCode: string;
  buildingName: string;
  latitude: number | null;
  longitude: number | null;
  /** Tile template and attribution (env MAP_TILE_URL, MAP_ATTRIBUTION). */
  map: MapTileConfig;
};

export function LocationBlock({ city, state, zipCode, buildingName, latitude, longitude, map }: Props) {
  const { t } = useTranslation();
  const hasPoint = latitude !== null && longitude !== null;
  return (
    <Stack gap="xs">
      {hasPoint && (
        <PropertyLocationMap latitude={latitude} longitude={longitude} city={city} state={state} buildingName={buildingName} map={map} />
      )}
      <Group gap="xs">
        <IconMapPin size={16} aria-hidden />
        <Text size="sm">
          {city}, {state} · {t('listings.detail.zip')} {zipCode}
        </Text>
      </Group>
      {hasPoint && (
        <Anchor href={openStreetMapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer" size="sm" data-testid="open-in-osm">
          <Group gap={4} component="span">
            {t('map.detail.openInOsm')}
            <IconExternalLink size={14} aria-hidden />
            <span className={classes.srOnly}>{t('map.detail.newTab')}</span>
          </Group>
        </Anchor>
      )}
      <Text size="xs" c="dimmed">
        {t('listings.detail.locationNote')}
      </Text>
    </Stack>
  );
}

type MapState = 'static' | 'loading' | 'ready' | 'failed';

type MapProps = { latitude: number; longitude: number; city: string; state: string; buildingName: string; map: MapTileConfig };

function PropertyLocationMap({ latitude, longitude, city, state, buildingName, map }: MapProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const visible = useInView(frame);
  const [status, setStatus] = useState<MapState>('static');
  const names = { name: buildingName, city, state };
  const labels = {
    map: t('map.detail.label', names),
    marker: t('map.detail.marker', names),
    zoomIn: t('map.controls.zoomIn'),
    zoomOut: t('map.controls.zoomOut'),
  };
  const labelKey = JSON.stringify(labels);
  // Strings, not the loader's object: a revalidation must not redraw the map.
  const { tileUrl, attribution } = map;

  useEffect(() => {
    const element = canvas.current;
    if (!visible || !element) return;
    let cancelled = false;
    let remove: (() => void) | undefined;
    setStatus('loading');
    import('./property-map.client')
      .then(({ mountPropertyMap }) =>
        mountPropertyMap(element, {
          config: { tileUrl, attribution },
          latitude,
          longitude,
          labels: JSON.parse(labelKey) as typeof labels,
          onTilesFailed: () => {
            if (!cancelled) setStatus('failed');
          },
        }),
      )
      .then((removeMap) => {
        if (cancelled) return removeMap();
        remove = removeMap;
        setStatus((current) => (current === 'failed' ? current : 'ready'));
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      remove?.();
    };
    // `labels` is compared through its JSON (a new object every render).
  }, [visible, latitude, longitude, tileUrl, attribution, labelKey]);

  return (
    <div ref={frame} className={`${classes.frame} ${classes.detailFrame}`} data-testid="property-map" data-map-state={status}>
      <div className={classes.fallback}>
        <IconMapPin size={32} aria-hidden color="var(--mantine-primary-color-filled)" />
        <Text fw={600}>
          {city}, {state}
        </Text>
        {status === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('map.detail.loading')}
            </Text>
          </Group>
        )}
        {status === 'failed' && (
          <Text size="sm" c="dimmed" role="status">
            {t('map.detail.failed')}
          </Text>
        )}
      </div>
      <div ref={canvas} className={classes.canvas} hidden={status === 'failed' || status === 'static'} />
    </div>
  );
}
