/**
 * The /amenities page's groups. Every searchable amenity key of `~/lib/amenities` appears once;
 * `extra` items are services every community has (not a listing amenity). Client-safe.
 */
import {
  IconAirConditioning,
  IconArchive,
  IconBarbell,
  IconBike,
  IconBriefcase,
  IconChargingPile,
  IconDeviceMobile,
  IconDoorEnter,
  IconElevator,
  IconParking,
  IconPaw,
  IconSun,
  IconSwimming,
  IconTool,
  IconToolsKitchen2,
  IconWashMachine,
  IconWindow,
  type TablerIcon,
} from '@tabler/icons-react';
import type { AmenityKey } from '~/lib/amenities';

export type AmenityItem =
  { kind: 'amenity'; key: AmenityKey; icon: TablerIcon } | { kind: 'extra'; key: 'maintenance' | 'portal'; icon: TablerIcon };

export type AmenityGroup = {
  key: 'building' | 'inUnit' | 'outdoor' | 'services';
  /** A demo picture illustrating the group, and what it shows (`pages.gallery.alt.<kind>`). */
  image: { url: string; kind: string };
  items: AmenityItem[];
};

const amenity = (key: AmenityKey, icon: TablerIcon): AmenityItem => ({ kind: 'amenity', key, icon });

export const AMENITY_GROUPS: readonly AmenityGroup[] = [
  {
    key: 'building',
    image: { url: '/media/demo/amenity-07-1200.webp', kind: 'coworking' },
    items: [
      amenity('gym', IconBarbell),
      amenity('coworking_space', IconBriefcase),
      amenity('elevator', IconElevator),
      amenity('storage', IconArchive),
      amenity('bike_storage', IconBike),
    ],
  },
  {
    key: 'inUnit',
    image: { url: '/media/demo/room-09-1200.webp', kind: 'kitchen' },
    items: [
      amenity('in_unit_laundry', IconWashMachine),
      amenity('dishwasher', IconToolsKitchen2),
      amenity('air_conditioning', IconAirConditioning),
      amenity('balcony', IconWindow),
    ],
  },
  {
    key: 'outdoor',
    image: { url: '/media/demo/amenity-01-1200.webp', kind: 'pool' },
    items: [amenity('pool', IconSwimming), amenity('rooftop_terrace', IconSun), amenity('parking', IconParking)],
  },
  {
    key: 'services',
    image: { url: '/media/demo/amenity-08-1200.webp', kind: 'lobby' },
    items: [
      amenity('doorman', IconDoorEnter),
      amenity('pet_friendly', IconPaw),
      amenity('ev_charging', IconChargingPile),
      { kind: 'extra', key: 'maintenance', icon: IconTool },
      { kind: 'extra', key: 'portal', icon: IconDeviceMobile },
    ],
  },
];
