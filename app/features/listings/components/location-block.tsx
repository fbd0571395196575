/**
 * A static location block: an inline SVG "map card" that places the home on an outline grid of
 * the contiguous US from its coordinates, plus city, state, ZIP and coordinates. No tiles or
 * third-party requests at run time (DESIGN: no network).
 */
import { Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './listings.module.css';

type Props = { city: string; state: string; zipCode: string; latitude: number | null; longitude: number | null };

// Bounding box of the contiguous US, for a simple equirectangular placement.
const WEST = -125;
const EAST = -66;
const NORTH = 49.5;
const SOUTH = 24.5;

export function LocationBlock({ city, state, zipCode, latitude, longitude }: Props) {
  const { t } = useTranslation();
  const hasPoint = latitude !== null && longitude !== null && longitude >= WEST && longitude <= EAST && latitude >= SOUTH && latitude <= NORTH;
  const x = hasPoint ? ((longitude - WEST) / (EAST - WEST)) * 590 + 5 : 0;
  const y = hasPoint ? ((NORTH - latitude) / (NORTH - SOUTH)) * 290 + 5 : 0;
  return (
    <Stack gap="xs">
      <div className={classes.locationBlock}>
        <svg viewBox="0 0 600 300" role="img" aria-label={`${city}, ${state}`} width="100%">
          <rect width="600" height="300" fill="light-dark(#e6f4f1, #1f2a2e)" />
          {Array.from({ length: 11 }, (_, i) => (
            <line key={`v${i}`} x1={i * 60} y1={0} x2={i * 60} y2={300} stroke="currentColor" strokeOpacity={0.08} />
          ))}
          {Array.from({ length: 6 }, (_, i) => (
            <line key={`h${i}`} x1={0} y1={i * 60} x2={600} y2={i * 60} stroke="currentColor" strokeOpacity={0.08} />
          ))}
          {hasPoint && (
            <g transform={`translate(${x} ${y})`}>
              <circle r="28" fill="var(--mantine-primary-color-filled)" opacity="0.15" />
              <circle r="9" fill="var(--mantine-primary-color-filled)" stroke="#fff" strokeWidth="3" />
              <text y="-18" textAnchor="middle" fontSize="16" fontWeight="700" fill="currentColor">
                {city}
              </text>
            </g>
          )}
        </svg>
      </div>
      <Group gap="xs">
        <IconMapPin size={16} aria-hidden />
        <Text size="sm">
          {city}, {state} · {t('listings.detail.zip')} {zipCode}
        </Text>
      </Group>
      {hasPoint && (
        <Text size="xs" c="dimmed">
          {t('listings.detail.coordinates')}: {latitude.toFixed(4)}, {longitude.toFixed(4)}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('listings.detail.locationNote')}
      </Text>
    </Stack>
  );
}
