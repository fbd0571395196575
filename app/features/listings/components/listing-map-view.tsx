/**
 * The map view of /properties (`?view=map`, decision 016): how many homes in how many
 * buildings match, a notice when the map is capped or some homes have no location, the empty
 * state, and the map itself — Leaflet and the cluster plugin are imported only once this view
 * is on screen, over a static fallback that visitors without JavaScript see (with a link to the
 * same search as a list).
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconMap2 } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link, useNavigate } from 'react-router';
import classes from '~/components/map/map.module.css';
import { formatNumber } from '~/lib/format';
import type { MapTileConfig } from '~/lib/map-tiles';
import { useLanguage } from '~/lib/use-language';
import { listingHref, type ListingQuery } from '../listing-query';
import { decodeListingPoints, type ListingPoint } from '../listing-points-codec';
import type { PackedListingPoints } from '../listing-points.server';
import type { ListingMapHandle, ListingMapSearch } from './listing-map.client';
import { ListingsEmpty } from './listing-results';

type Props = { result: PackedListingPoints; query: ListingQuery; action: string; map: MapTileConfig };

type MapState = 'static' | 'loading' | 'ready' | 'failed';

export function ListingMapView({ result, query, action, map }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const points = useMemo(() => decodeListingPoints(result.encoded), [result.encoded]);
  const buildings = t('map.results.buildings', { count: result.buildings, value: formatNumber(result.buildings, lang) });
  if (result.units === 0) return <ListingsEmpty resetHref={listingHref(action, {}, 'map')} />;
  return (
    <Stack gap="md">
      <Text fw={600} data-testid="map-summary" aria-live="polite">
        {t('map.results.summary', { count: result.units, value: formatNumber(result.units, lang), buildings })}
      </Text>
      {result.capped && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} data-testid="map-capped">
          {t('map.results.capped', { cap: formatNumber(result.cap, lang) })}
        </Alert>
      )}
      {result.unplaced > 0 && (
        <Text size="sm" c="dimmed">
          {t('map.results.unplaced', { count: result.unplaced, value: formatNumber(result.unplaced, lang) })}
        </Text>
      )}
      <ListingMap points={points} query={query} action={action} map={map} />
    </Stack>
  );
}

function ListingMap({ points, query, action, map }: { points: ListingPoint[]; query: ListingQuery; action: string; map: MapTileConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canvas = useRef<HTMLDivElement>(null);
  const handle = useRef<ListingMapHandle | null>(null);
  const lang = useLanguage();
  // Everything the map's texts and links depend on; the texts are made in the lazy module.
  // Keyed by the search's URL: a revalidation with the same search keeps the visitor's view.
  const searchKey = listingHref(action, query, 'map');
  const latestQuery = useRef(query);
  latestQuery.current = query;
  const search = useMemo<ListingMapSearch>(() => ({ t, lang, query: latestQuery.current, action }), [t, lang, searchKey, action]);
  // What the map draws once Leaflet has loaded (the search may change while it loads).
  const latest = useRef({ points, search });
  latest.current = { points, search };
  const [status, setStatus] = useState<MapState>('static');

  // Mount once: load Leaflet and the cluster plugin, then draw the latest points.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cancelled = false;
    setStatus('loading');
    import('./listing-map.client')
      .then(({ mountListingMap }) =>
        mountListingMap(element, {
          config: { tileUrl: map.tileUrl, attribution: map.attribution },
          points: latest.current.points,
          search: latest.current.search,
          navigate: (href) => void navigate(href),
          onTilesFailed: () => {
            if (!cancelled) setStatus('failed');
          },
        }),
      )
      .then((mounted) => {
        if (cancelled) return mounted.remove();
        handle.current = mounted;
        setStatus((current) => (current === 'failed' ? current : 'ready'));
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      handle.current?.remove();
      handle.current = null;
    };
  }, [map.tileUrl, map.attribution, navigate]);

  // A new search (filters changed): new markers on the same map.
  useEffect(() => {
    handle.current?.update(points, search);
  }, [points, search]);

  return (
    <div className={`${classes.frame} ${classes.resultsFrame}`} data-testid="listing-map" data-map-state={status}>
      <div className={classes.fallback}>
        <IconMap2 size={36} aria-hidden color="var(--mantine-primary-color-filled)" />
        {status === 'static' && <Text size="sm">{t('map.results.static')}</Text>}
        {status === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('map.results.loading')}
            </Text>
          </Group>
        )}
        {status === 'failed' && (
          <Text size="sm" role="status">
            {t('map.results.failed')}
          </Text>
        )}
        {status !== 'loading' && (
          <Button component={Link} to={listingHref(action, query, 'list')} variant="light" size="compact-sm">
            {t('map.results.showList')}
          </Button>
        )}
      </div>
      <div ref={canvas} className={classes.canvas} hidden={status === 'static' || status === 'failed'} />
    </div>
  );
}
