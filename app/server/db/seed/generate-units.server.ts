/**
 * Deterministic demo units: row `i` depends only on the data seed, the portfolio plan (see
 * generate-buildings.server.ts) and `i` (each unit has its own PRNG stream), so the same seed and
 * size always yield the same rows. Nothing here reads the clock or Math.random.
 */
import { AMENITY_KEYS, type AmenityKey } from '~/lib/amenities';
import type { property } from '../schema';
import type { CatalogCity } from './catalog';
import { BUILDING_AMENITY_KEYS, unitNumberFor, type BuildingKind, type PortfolioPlan } from './generate-buildings.server';
import {
  AMENITY_IMAGE_KINDS,
  DEMO_IMAGE_COUNTS,
  EXTERIOR_KINDS,
  ROOM_KINDS,
  amenityImageKindsFor,
  demoImageUrl,
  type AmenityImageKind,
  type ExteriorKind,
  type RoomKind,
} from './images.server';
import { createRandom, mixSeed, pickWeighted, type Random } from './random';
import { SAMPLE_LISTINGS } from './samples';
import { composeListingText, type PropertyType } from './text';

export type PropertyInsert = typeof property.$inferInsert;

/** Listing timestamps count back from here, one minute per unit, so "newest first" is stable. */
export const SEED_EPOCH_MS = Date.UTC(2026, 10, 15, 12, 0, 0);
/** Available units open up within ~90 days of this date. */
const AVAILABLE_FROM_MS = Date.UTC(2026, 11, 1);
const DAY_MS = 86_400_000;

const WARM_STATES = new Set(['TX', 'FL', 'AZ', 'NV', 'CA', 'GA', 'LA', 'NC', 'TN']);

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function propertyTypeFor(rnd: Random, bedrooms: number): PropertyType {
  switch (bedrooms) {
    case 0:
      return pickWeighted<PropertyType>(rnd, [
        ['studio', 75],
        ['loft', 25],
      ]);
    case 1:
      return pickWeighted<PropertyType>(rnd, [
        ['apartment', 62],
        ['loft', 26],
        ['duplex', 6],
        ['penthouse', 6],
      ]);
    case 2:
      return pickWeighted<PropertyType>(rnd, [
        ['apartment', 55],
        ['townhouse', 12],
        ['duplex', 13],
        ['loft', 10],
        ['penthouse', 10],
      ]);
    case 3:
      return pickWeighted<PropertyType>(rnd, [
        ['apartment', 35],
        ['townhouse', 35],
        ['duplex', 15],
        ['penthouse', 15],
      ]);
    default:
      return pickWeighted<PropertyType>(rnd, [
        ['townhouse', 50],
        ['duplex', 25],
        ['penthouse', 15],
        ['apartment', 10],
      ]);
  }
}

function bathroomsFor(rnd: Random, bedrooms: number, type: PropertyType): number {
  const options: Record<number, number[]> = {
    0: [1],
    1: [1, 1, 1, 1.5],
    2: type === 'townhouse' || type === 'duplex' ? [1.5, 2, 2.5] : [1, 1.5, 2, 2],
    3: [2, 2, 2.5, 3],
    4: [2.5, 3, 3, 3.5],
  };
  const base = rnd.pick(options[bedrooms] ?? [2]);
  return type === 'penthouse' ? Math.min(base + 0.5, 3.5) : base;
}

function squareFeetFor(rnd: Random, bedrooms: number, type: PropertyType, city: CatalogCity): number {
  const ranges: Record<number, [number, number]> = {
    0: [380, 600],
    1: [560, 850],
    2: [800, 1250],
    3: [1100, 1700],
    4: [1450, 2400],
  };
  const [lo, hi] = ranges[bedrooms] ?? [800, 1200];
  const typeFactor = { apartment: 1, studio: 1, loft: 1.15, townhouse: 1.1, penthouse: 1.35, duplex: 1.08 }[type];
  const marketFactor = city.rent1br >= 2500 ? 0.88 : city.rent1br <= 1200 ? 1.1 : 1;
  return Math.round((rnd.int(lo, hi) * typeFactor * marketFactor) / 5) * 5;
}

function occupantsFor(rnd: Random, bedrooms: number): number {
  switch (bedrooms) {
    case 0:
      return rnd.chance(0.7) ? 2 : 1;
    case 1:
      return 2;
    case 2:
      return rnd.chance(0.5) ? 3 : 4;
    case 3:
      return rnd.chance(0.5) ? 4 : 5;
    default:
      return rnd.chance(0.5) ? 5 : 6;
  }
}

function amenitiesFor(rnd: Random, type: PropertyType, city: CatalogCity): AmenityKey[] {
  const tower = type === 'apartment' || type === 'studio' || type === 'loft' || type === 'penthouse';
  const house = type === 'townhouse' || type === 'duplex';
  const warm = WARM_STATES.has(city.state);
  const expensive = city.rent1br >= 2300;
  const odds: Record<AmenityKey, number> = {
    in_unit_laundry: house || type === 'penthouse' ? 0.85 : 0.5,
    parking: house ? 0.85 : expensive ? 0.3 : 0.6,
    gym: type === 'penthouse' ? 0.8 : tower ? 0.45 : 0.1,
    pool: (warm ? 0.45 : 0.1) + (type === 'penthouse' ? 0.2 : 0),
    pet_friendly: 0.55,
    balcony: type === 'penthouse' ? 0.9 : type === 'studio' ? 0.25 : 0.4,
    dishwasher: 0.75,
    air_conditioning: warm ? 0.95 : 0.6,
    elevator: type === 'penthouse' ? 1 : tower ? 0.6 : 0.02,
    doorman: type === 'penthouse' ? 0.7 : tower && expensive ? 0.3 : tower ? 0.08 : 0,
    rooftop_terrace: type === 'penthouse' ? 0.6 : tower ? 0.25 : 0.05,
    ev_charging: house ? 0.35 : 0.2,
    storage: house ? 0.55 : 0.3,
    bike_storage: tower ? 0.4 : 0.2,
    coworking_space: tower && type !== 'penthouse' ? 0.25 : 0.05,
  };
  const chosen = AMENITY_KEYS.filter((key) => rnd.chance(odds[key]));
  for (const fallback of ['dishwasher', 'air_conditioning', 'pet_friendly', 'storage'] as const) {
    if (chosen.length >= 3) break;
    if (!chosen.includes(fallback)) chosen.push(fallback);
  }
  // Keep the canonical order so that equal sets compare equal.
  return AMENITY_KEYS.filter((key) => chosen.includes(key));
}

function priceFor(rnd: Random, city: CatalogCity, bedrooms: number, type: PropertyType, amenities: readonly AmenityKey[]): number {
  const bedFactor = [0.78, 1, 1.35, 1.7, 2.05][bedrooms] ?? 1;
  const typeFactor = { apartment: 1, studio: 1, loft: 1.12, townhouse: 1.08, penthouse: 1.6, duplex: 1.1 }[type];
  let premium = 1;
  if (amenities.includes('doorman')) premium += 0.06;
  if (amenities.includes('pool')) premium += 0.03;
  if (amenities.includes('in_unit_laundry')) premium += 0.03;
  if (amenities.includes('parking')) premium += 0.02;
  const noise = 0.88 + rnd.next() * 0.27;
  return Math.max(400, Math.round((city.rent1br * bedFactor * typeFactor * premium * noise) / 5) * 5);
}

function indicesOf<K extends string>(kinds: readonly K[], wanted: readonly K[]): number[] {
  return kinds.flatMap((kind, i) => (wanted.includes(kind) ? [i + 1] : []));
}

const EXTERIOR_BY_KIND = (kind: ExteriorKind) => indicesOf(EXTERIOR_KINDS, [kind]);
const ROOM_BY_KIND = (kind: RoomKind) => indicesOf(ROOM_KINDS, [kind]);
const AMENITY_IMAGES_BY_KIND = (kind: AmenityImageKind) => indicesOf(AMENITY_IMAGE_KINDS, [kind]);

function exteriorKindFor(rnd: Random, type: PropertyType): ExteriorKind {
  switch (type) {
    case 'townhouse':
    case 'duplex':
      return 'townhouse';
    case 'loft':
      return rnd.chance(0.7) ? 'warehouse' : 'midrise';
    case 'penthouse':
      return rnd.chance(0.7) ? 'tower' : 'midrise';
    default:
      return rnd.chance(0.85) ? 'midrise' : 'tower';
  }
}

/** 3–5 picture URLs: an exterior first, then rooms, then (often) a matching amenity. */
function imagesFor(rnd: Random, type: PropertyType, bedrooms: number, amenities: readonly AmenityKey[]): string[] {
  const urls = [demoImageUrl('exterior', rnd.pick(EXTERIOR_BY_KIND(exteriorKindFor(rnd, type))))];
  const roomKinds: RoomKind[] =
    bedrooms > 0 ? rnd.sample(['living', 'bedroom', 'kitchen'], rnd.int(2, 3)) : rnd.sample(['living', 'kitchen'], 2);
  for (const kind of roomKinds) urls.push(demoImageUrl('room', rnd.pick(ROOM_BY_KIND(kind))));
  const amenityKinds = amenityImageKindsFor(amenities);
  if (amenityKinds.length > 0 && rnd.chance(0.8)) {
    urls.push(demoImageUrl('amenity', rnd.pick(AMENITY_IMAGES_BY_KIND(rnd.pick(amenityKinds)))));
  }
  if (urls.length < 3) urls.push(demoImageUrl('room', rnd.int(1, DEMO_IMAGE_COUNTS.room)));
  return urls;
}

/** Unit types that fit in a building of each kind. */
function typeInBuilding(rnd: Random, kind: BuildingKind, bedrooms: number, topFloor: boolean): PropertyType {
  if (kind === 'townhouse') return bedrooms >= 2 && rnd.chance(0.7) ? 'townhouse' : 'duplex';
  if (bedrooms === 0) return kind === 'warehouse' ? 'loft' : 'studio';
  if (kind === 'warehouse') return bedrooms <= 2 && rnd.chance(0.75) ? 'loft' : 'apartment';
  const type = propertyTypeFor(rnd, bedrooms);
  if (type === 'penthouse') return topFloor || kind === 'tower' ? 'penthouse' : 'apartment';
  return type === 'townhouse' || type === 'duplex' ? 'apartment' : type;
}

/** Unit features (not the building's shared amenities), by unit type and market. */
function unitFeaturesFor(rnd: Random, type: PropertyType, city: CatalogCity): AmenityKey[] {
  const own = amenitiesFor(rnd, type, city);
  return own.filter((key) => !(BUILDING_AMENITY_KEYS as readonly string[]).includes(key));
}

/**
 * Returns a function that builds the insert row of unit `index` (0-based; it becomes property id
 * `index + 1`) of the portfolio `plan` for data seed `seed`. Units 0–5 are the hand-written
 * sample listings. A unit takes its building's city, ZIP, coordinates, street address and
 * manager; its amenities are the building's plus its own features.
 */
export function createUnitGenerator(seed: number, plan: PortfolioPlan): (index: number) => PropertyInsert {
  return (index: number): PropertyInsert => {
    const rnd = createRandom(mixSeed(seed, index, 0x5eed));
    const sample = index < SAMPLE_LISTINGS.length ? SAMPLE_LISTINGS[index] : undefined;
    const { building, slot } = plan.placement(index);
    const city = building.city;
    const floors = Math.ceil(building.size / building.unitsPerFloor);
    const topFloor = Math.floor(slot / building.unitsPerFloor) + 1 === floors;

    const neighborhood = sample ? sample.neighborhood : building.neighborhood;
    const bedrooms = sample
      ? sample.bedrooms
      : building.kind === 'townhouse'
        ? pickWeighted(rnd, [
            [2, 40],
            [3, 40],
            [4, 20],
          ] as const)
        : pickWeighted(rnd, [
            [0, 12],
            [1, 33],
            [2, 32],
            [3, 16],
            [4, 7],
          ] as const);
    const propertyType = sample ? sample.propertyType : typeInBuilding(rnd, building.kind, bedrooms, topFloor);
    const bathrooms = sample ? sample.bathrooms : bathroomsFor(rnd, bedrooms, propertyType);
    const squareFeet = sample ? sample.squareFeet : squareFeetFor(rnd, bedrooms, propertyType, city);
    const maxOccupants = sample ? sample.maxOccupants : occupantsFor(rnd, bedrooms);
    const features = sample ? [] : unitFeaturesFor(rnd, propertyType, city);
    const amenities = sample
      ? [...sample.amenities]
      : AMENITY_KEYS.filter((key) => building.amenities.includes(key) || features.includes(key));
    const price = sample ? sample.price : priceFor(rnd, city, bedrooms, propertyType, amenities);

    const roll = rnd.next();
    const status = sample || roll < 0.7 ? 'available' : roll < 0.9 ? 'leased' : 'maintenance';
    const availableDate =
      status === 'available'
        ? isoDate(AVAILABLE_FROM_MS + rnd.int(0, 90) * DAY_MS)
        : status === 'leased'
          ? isoDate(AVAILABLE_FROM_MS + rnd.int(60, 240) * DAY_MS)
          : isoDate(AVAILABLE_FROM_MS + rnd.int(14, 60) * DAY_MS);
    // A few units under maintenance are taken off the site until they are ready.
    const listed = !(status === 'maintenance' && rnd.chance(0.3));

    const unitNumber = unitNumberFor(building, slot);
    const row = building.row;
    const address = `${row.streetAddress}, ${building.kind === 'townhouse' ? 'Unit' : 'Apt'} ${unitNumber}`;
    const imageUrls = [building.exteriorUrl, ...imagesFor(rnd, propertyType, bedrooms, amenities).slice(1)];

    const text = sample
      ? { title: sample.title, titleIt: sample.titleIt, description: sample.description, descriptionIt: sample.descriptionIt }
      : composeListingText(
          { propertyType, bedrooms, bathrooms, squareFeet, neighborhood, city: city.city, amenities, status, availableDate },
          rnd,
        );

    const createdAt = new Date(SEED_EPOCH_MS - index * 60_000);
    return {
      id: index + 1,
      ...text,
      price,
      address,
      city: row.city,
      state: row.state,
      zipCode: row.zipCode,
      bedrooms,
      bathrooms,
      squareFeet,
      propertyType,
      status,
      imageUrls,
      amenities,
      availableDate,
      latitude: row.latitude,
      longitude: row.longitude,
      maxOccupants,
      buildingId: row.id,
      unitNumber,
      listed,
      managerId: row.managerId,
      createdAt,
      updatedAt: createdAt,
    };
  };
}
