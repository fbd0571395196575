/**
 * The demo portfolio's buildings (decision 015): multi-family communities of 10–200
 * units (≈ 50 on average, so 75,000 units make ≈ 1,500 buildings), each in one of the catalogue's
 * cities with a real ZIP code, a name, a year built, building amenities, bilingual copy, photos
 * and a property manager. Deterministic: the plan depends only on the data seed and the number of
 * units. Nothing here reads the clock or Math.random.
 *
 * Small portfolios (the 240 units of a fresh `npm start`) get 10-unit buildings, one per state
 * first, so the first screen of the site still spans the 23 states.
 */
import type { AmenityKey } from '~/lib/amenities';
import type { LateFeeRule } from '~/lib/late-fees';
import type { building } from '../schema';
import { CITIES, STREET_NAMES, type CatalogCity } from './catalog';
import { AMENITY_IMAGE_KINDS, EXTERIOR_KINDS, amenityImageKindsFor, demoImageUrl, type ExteriorKind } from './images.server';
import { createRandom, mixSeed, pickWeighted, type Random } from './random';
import { SAMPLE_LISTINGS } from './samples';
import { zipsOfCity } from './zip-codes.server';

/** The late-fee rule of the demo's buildings in California: 5% of the month's rent, at most $75. */
const CALIFORNIA_LATE_FEE_RULE: LateFeeRule = {
  graceDays: 5,
  kind: 'percent',
  frequency: 'once',
  amountCents: 0,
  percent: 5,
  capCents: 7_500,
  capPercent: 0,
};
/**
 * The demo's buildings in Texas (decision 051): $15 a day once two full days have passed, at most
 * 10% of the month's rent (Texas allows a daily fee within 10% for buildings of more than four units).
 */
const TEXAS_LATE_FEE_RULE: LateFeeRule = {
  graceDays: 2,
  kind: 'flat',
  frequency: 'daily',
  amountCents: 1_500,
  percent: 0,
  capCents: 0,
  capPercent: 10,
};
/** The demo buildings with their own late-fee rule, by state (decisions 048 and 051). */
const STATE_LATE_FEE_RULES: Readonly<Record<string, LateFeeRule>> = { CA: CALIFORNIA_LATE_FEE_RULE, TX: TEXAS_LATE_FEE_RULE };

export type BuildingInsert = typeof building.$inferInsert;

/** What a building looks like from the street; it decides its unit types and exterior picture. */
export type BuildingKind = ExteriorKind;

export const MIN_BUILDING_UNITS = 10;
export const MAX_BUILDING_UNITS = 200;
/** One property manager runs about this many buildings (at least five demo managers). */
const BUILDINGS_PER_MANAGER = 25;
/** Below this many units, buildings have a fixed small size so that every state appears. */
const SMALL_PORTFOLIO_UNITS = 2_000;

/** Amenities that belong to the building (shared); the others are features of each unit. */
export const BUILDING_AMENITY_KEYS = [
  'parking',
  'gym',
  'pool',
  'pet_friendly',
  'elevator',
  'doorman',
  'rooftop_terrace',
  'ev_charging',
  'storage',
  'bike_storage',
  'coworking_space',
] as const satisfies readonly AmenityKey[];

const WARM_STATES = new Set(['TX', 'FL', 'AZ', 'NV', 'CA', 'GA', 'LA', 'NC', 'TN']);

const NAME_STEMS = [
  'Alder',
  'Aspen',
  'Beacon',
  'Birch',
  'Cedar',
  'Cypress',
  'Elm',
  'Foundry',
  'Harbor',
  'Hawthorne',
  'Juniper',
  'Linden',
  'Maple',
  'Meridian',
  'Mercer',
  'Oak',
  'Parkside',
  'Redwood',
  'Riverside',
  'Sterling',
  'Summit',
  'Sycamore',
  'Union',
  'Willow',
  'Ashford',
  'Bramble',
  'Copper',
  'Granite',
  'Larkspur',
  'Magnolia',
] as const;

const NAME_NOUNS: Record<BuildingKind, readonly string[]> = {
  midrise: ['Residences', 'Flats', 'Commons', 'Place', 'House', 'Court'],
  tower: ['Tower', 'Heights', 'Residences', 'One'],
  townhouse: ['Row', 'Townhomes', 'Mews', 'Gardens'],
  warehouse: ['Lofts', 'Works', 'Mill Lofts', 'Yards'],
};

const KIND_TEXT: Record<BuildingKind, { en: string; it: string }> = {
  midrise: { en: 'mid-rise apartment building', it: 'un condominio di media altezza' },
  tower: { en: 'high-rise residential tower', it: 'una torre residenziale' },
  townhouse: { en: 'townhome community', it: 'un complesso di villette a schiera' },
  warehouse: { en: 'converted warehouse', it: 'un ex magazzino riconvertito' },
};

const AMENITY_TEXT: Record<(typeof BUILDING_AMENITY_KEYS)[number], { en: string; it: string }> = {
  parking: { en: 'resident parking', it: 'un parcheggio per i residenti' },
  gym: { en: 'a fitness center', it: 'una palestra' },
  pool: { en: 'a heated pool', it: 'una piscina riscaldata' },
  pet_friendly: { en: 'a dog run', it: 'un’area cani' },
  elevator: { en: 'elevators', it: 'gli ascensori' },
  doorman: { en: 'a 24-hour front desk', it: 'una portineria 24 ore su 24' },
  rooftop_terrace: { en: 'a rooftop terrace', it: 'una terrazza sul tetto' },
  ev_charging: { en: 'EV charging', it: 'colonnine di ricarica' },
  storage: { en: 'storage lockers', it: 'cantine private' },
  bike_storage: { en: 'secure bike storage', it: 'un deposito bici sicuro' },
  coworking_space: { en: 'a coworking lounge', it: 'una sala coworking' },
};

/** Five demo property managers with fixed names (e-mails manager1…5@demo.dimora.example). */
export const DEMO_MANAGERS = [
  { id: 'demo-manager-1', firstName: 'Laura', lastName: 'Bennett', phone: '+1 512 555 0141', locale: 'en' },
  { id: 'demo-manager-2', firstName: 'Marcus', lastName: 'Reyes', phone: '+1 303 555 0172', locale: 'en' },
  { id: 'demo-manager-3', firstName: 'Priya', lastName: 'Natarajan', phone: '+1 312 555 0128', locale: 'en' },
  { id: 'demo-manager-4', firstName: 'Daniel', lastName: 'Okafor', phone: '+1 404 555 0187', locale: 'en' },
  { id: 'demo-manager-5', firstName: 'Giulia', lastName: 'Romano', phone: '+1 617 555 0113', locale: 'it' },
] as const;

const EXTRA_FIRST = ['Avery', 'Jordan', 'Sofia', 'Mateo', 'Hannah', 'Elena', 'Noah', 'Grace', 'Luca', 'Maya', 'Owen', 'Chiara'];
const EXTRA_LAST = ['Carter', 'Nguyen', 'Moretti', 'Hughes', 'Patel', 'Kim', 'Rossi', 'Sullivan', 'Alvarez', 'Brooks', 'Ferrari', 'Ward'];

export type DemoManager = { id: string; firstName: string; lastName: string; phone: string; locale: 'en' | 'it'; email: string };

/** Demo manager `n` (1-based): the five named ones, then generated ones. */
export function demoManager(n: number): DemoManager {
  const named = DEMO_MANAGERS[n - 1];
  if (named) return { ...named, email: `manager${n}@demo.dimora.example` };
  return {
    id: `demo-manager-${n}`,
    firstName: EXTRA_FIRST[n % EXTRA_FIRST.length] as string,
    lastName: EXTRA_LAST[Math.floor(n / EXTRA_FIRST.length) % EXTRA_LAST.length] as string,
    phone: `+1 800 555 ${String(1000 + (n % 9000)).padStart(4, '0')}`,
    locale: n % 7 === 0 ? 'it' : 'en',
    email: `manager${n}@demo.dimora.example`,
  };
}

/** A planned building: its insert row (ids 1…) plus what its units need to know. */
export type PlannedBuilding = {
  row: BuildingInsert & { id: number; name: string; streetAddress: string; city: string; state: string; zipCode: string };
  kind: BuildingKind;
  city: CatalogCity;
  neighborhood: string;
  size: number;
  unitsPerFloor: number;
  /** Building amenity keys (also carried by each unit). */
  amenities: AmenityKey[];
  exteriorUrl: string;
};

export type PortfolioPlan = {
  buildings: PlannedBuilding[];
  managers: DemoManager[];
  /** For unit index i (0-based; property id i + 1): its building's index and its slot in it. */
  placement(index: number): { building: PlannedBuilding; slot: number };
};

const SEED_EPOCH_MS = Date.UTC(2026, 10, 15, 12, 0, 0);

/**
 * Cities of buildings 0, 1, 2…: the six sample listings' cities first, then one city of every
 * other state, then a weighted shuffled deck of every city, repeated.
 */
function cityOrder(seed: number, count: number): CatalogCity[] {
  const byName = new Map(CITIES.map((city) => [`${city.city}|${city.state}`, city]));
  const order: CatalogCity[] = SAMPLE_LISTINGS.map((sample) => {
    const city = byName.get(`${sample.city}|${sample.state}`);
    if (!city) throw new Error(`Sample city ${sample.city} is missing from the catalogue`);
    return city;
  });
  const rnd = createRandom(mixSeed(seed, 0x57a7e));
  const seen = new Set(order.map((city) => city.state));
  for (const state of [...new Set(CITIES.map((city) => city.state))]) {
    if (seen.has(state)) continue;
    const candidates = CITIES.filter((city) => city.state === state);
    order.push(
      pickWeighted(
        rnd,
        candidates.map((city) => [city, city.weight] as const),
      ),
    );
  }
  const deck = CITIES.flatMap((city) => Array.from({ length: city.weight }, () => city));
  const shuffle = createRandom(mixSeed(seed, 0x0dec));
  for (let i = deck.length - 1; i > 0; i--) {
    const j = shuffle.int(0, i);
    [deck[i], deck[j]] = [deck[j] as CatalogCity, deck[i] as CatalogCity];
  }
  for (let i = 0; order.length < count; i++) order.push(deck[i % deck.length] as CatalogCity);
  return order.slice(0, Math.max(count, 0));
}

function kindFor(rnd: Random, city: CatalogCity): BuildingKind {
  const big = city.rent1br >= 2300;
  return pickWeighted<BuildingKind>(rnd, [
    ['midrise', 50],
    ['tower', big ? 22 : 8],
    ['townhouse', big ? 8 : 22],
    ['warehouse', 12],
  ]);
}

function buildingAmenities(rnd: Random, kind: BuildingKind, city: CatalogCity): AmenityKey[] {
  const tall = kind === 'tower' || kind === 'midrise';
  const warm = WARM_STATES.has(city.state);
  const expensive = city.rent1br >= 2300;
  const odds: Record<(typeof BUILDING_AMENITY_KEYS)[number], number> = {
    parking: kind === 'townhouse' ? 0.95 : expensive ? 0.35 : 0.65,
    gym: kind === 'tower' ? 0.9 : tall ? 0.5 : 0.15,
    pool: (warm ? 0.5 : 0.12) + (kind === 'tower' ? 0.15 : 0),
    pet_friendly: 0.6,
    elevator: kind === 'tower' ? 1 : kind === 'midrise' ? 0.8 : kind === 'warehouse' ? 0.6 : 0,
    doorman: kind === 'tower' ? 0.75 : kind === 'midrise' && expensive ? 0.3 : 0.03,
    rooftop_terrace: kind === 'tower' ? 0.6 : kind === 'warehouse' ? 0.4 : kind === 'midrise' ? 0.25 : 0,
    ev_charging: kind === 'townhouse' ? 0.35 : 0.25,
    storage: kind === 'townhouse' ? 0.6 : 0.35,
    bike_storage: tall || kind === 'warehouse' ? 0.5 : 0.2,
    coworking_space: kind === 'tower' ? 0.45 : kind === 'warehouse' ? 0.35 : 0.15,
  };
  return BUILDING_AMENITY_KEYS.filter((key) => rnd.chance(odds[key]));
}

function sizeFor(rnd: Random, units: number): number {
  if (units < SMALL_PORTFOLIO_UNITS) {
    return Math.min(MAX_BUILDING_UNITS, Math.max(MIN_BUILDING_UNITS, Math.floor(units / 24)));
  }
  // Skewed towards small communities: mean ≈ 52 units, from 10 to 200.
  return MIN_BUILDING_UNITS + Math.floor((MAX_BUILDING_UNITS - MIN_BUILDING_UNITS) * rnd.next() ** 3.5);
}

function nameFor(rnd: Random, kind: BuildingKind, neighborhood: string): string {
  const stem = rnd.pick(NAME_STEMS);
  const noun = rnd.pick(NAME_NOUNS[kind]);
  switch (rnd.int(0, 2)) {
    case 0:
      return `The ${stem} ${noun}`;
    case 1:
      return `${stem} ${noun} at ${neighborhood}`;
    default:
      return `${neighborhood} ${noun}`;
  }
}

function listOf(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

function describe(b: {
  name: string;
  kind: BuildingKind;
  yearBuilt: number;
  neighborhood: string;
  city: string;
  size: number;
  amenities: readonly AmenityKey[];
}) {
  const shared = b.amenities.filter((key): key is (typeof BUILDING_AMENITY_KEYS)[number] => key in AMENITY_TEXT).slice(0, 4);
  const en = [
    `${b.name} is a ${KIND_TEXT[b.kind].en} in ${b.neighborhood}, ${b.city}, built in ${b.yearBuilt}, with ${b.size} homes.`,
    shared.length
      ? `Residents share ${listOf(
          shared.map((key) => AMENITY_TEXT[key].en),
          'and',
        )}.`
      : 'Every home has its own private entrance.',
    'Our on-site team handles leasing and maintenance requests around the clock.',
  ].join(' ');
  const it = [
    `${b.name} è ${KIND_TEXT[b.kind].it} a ${b.neighborhood}, ${b.city}, costruito nel ${b.yearBuilt}, con ${b.size} abitazioni.`,
    shared.length
      ? `I residenti condividono ${listOf(
          shared.map((key) => AMENITY_TEXT[key].it),
          'e',
        )}.`
      : 'Ogni abitazione ha un ingresso indipendente.',
    'Il nostro staff in loco gestisce locazioni e richieste di manutenzione a ogni ora.',
  ].join(' ');
  return { en, it };
}

function exteriorFor(rnd: Random, kind: BuildingKind): string {
  const choices = EXTERIOR_KINDS.flatMap((k, i) => (k === kind ? [i + 1] : []));
  return demoImageUrl('exterior', rnd.pick(choices));
}

function amenityPhotos(rnd: Random, amenities: readonly AmenityKey[]): string[] {
  return amenityImageKindsFor(amenities)
    .slice(0, 3)
    .map((kind) => {
      const choices = AMENITY_IMAGE_KINDS.flatMap((k, i) => (k === kind ? [i + 1] : []));
      return demoImageUrl('amenity', rnd.pick(choices));
    });
}

/**
 * Plans the buildings of a `units`-unit demo portfolio for data seed `seed`: sizes, cities, names,
 * addresses, managers, and which building each unit goes to. Units 0–5 (the sample listings) are
 * the first unit of buildings 0–5; the others fill the buildings in order.
 */
export function planPortfolio(seed: number, units: number): PortfolioPlan {
  const sizes: number[] = [];
  const sizeRnd = createRandom(mixSeed(seed, 0x512e));
  let planned = 0;
  while (planned < units) {
    const size = Math.min(sizeFor(sizeRnd, units), units - planned);
    sizes.push(size);
    planned += size;
  }
  const cities = cityOrder(seed, sizes.length);
  const managerCount = Math.max(DEMO_MANAGERS.length, Math.ceil(sizes.length / BUILDINGS_PER_MANAGER));
  const managers = Array.from({ length: managerCount }, (_, i) => demoManager(i + 1));

  const buildings = sizes.map((size, k): PlannedBuilding => {
    const rnd = createRandom(mixSeed(seed, k, 0xb1d6));
    const city = cities[k] as CatalogCity;
    const sample = SAMPLE_LISTINGS[k];
    const neighborhood = sample ? sample.neighborhood : rnd.pick(city.neighborhoods);
    const kind = sample?.propertyType === 'loft' ? 'warehouse' : kindFor(rnd, city);
    const amenities = buildingAmenities(rnd, kind, city);
    const zip = rnd.pick(zipsOfCity(city.city, city.state));
    const yearBuilt = pickWeighted(rnd, [
      [rnd.int(1905, 1959), 15],
      [rnd.int(1960, 1999), 30],
      [rnd.int(2000, 2025), 55],
    ] as const);
    const name = nameFor(rnd, kind, neighborhood);
    const streetAddress = `${rnd.int(10, 4999)} ${rnd.pick(STREET_NAMES)}`;
    const text = describe({ name, kind, yearBuilt, neighborhood, city: city.city, size, amenities });
    const exteriorUrl = exteriorFor(rnd, kind);
    const createdAt = new Date(SEED_EPOCH_MS - 30 * 86_400_000 - k * 60_000);
    const manager = managers[k % managers.length] as DemoManager;
    return {
      kind,
      city,
      neighborhood,
      size,
      unitsPerFloor: kind === 'townhouse' ? size : kind === 'tower' ? rnd.int(6, 12) : rnd.int(4, 10),
      amenities,
      exteriorUrl,
      row: {
        id: k + 1,
        name,
        streetAddress,
        city: city.city,
        state: city.state,
        zipCode: zip.zip,
        latitude: Math.round((zip.latitude + (rnd.next() - 0.5) * 0.012) * 1e6) / 1e6,
        longitude: Math.round((zip.longitude + (rnd.next() - 0.5) * 0.012) * 1e6) / 1e6,
        yearBuilt,
        amenities,
        description: text.en,
        descriptionIt: text.it,
        imageUrls: [exteriorUrl, ...amenityPhotos(rnd, amenities)],
        managerId: manager.id,
        // Decisions 048 and 051: the demo's Californian and Texan buildings have their own late-fee rule.
        lateFeeRule: STATE_LATE_FEE_RULES[city.state] ?? null,
        createdAt,
        updatedAt: createdAt,
      },
    };
  });

  // Unit index → building: samples first (slot 0 of buildings 0–5), then fill in order.
  const buildingOf = new Int32Array(units);
  const slotOf = new Int32Array(units);
  const samples = Math.min(SAMPLE_LISTINGS.length, buildings.length, units);
  for (let i = 0; i < samples; i++) {
    buildingOf[i] = i;
    slotOf[i] = 0;
  }
  let next = samples;
  buildings.forEach((planned, k) => {
    for (let slot = k < samples ? 1 : 0; slot < planned.size && next < units; slot++, next++) {
      buildingOf[next] = k;
      slotOf[next] = slot;
    }
  });

  return {
    buildings,
    managers,
    placement(index) {
      return { building: buildings[buildingOf[index] as number] as PlannedBuilding, slot: slotOf[index] as number };
    },
  };
}

/** A unit's number from its slot: "101", "102"… by floor; townhomes are numbered 1, 2, 3… */
export function unitNumberFor(planned: PlannedBuilding, slot: number): string {
  if (planned.kind === 'townhouse') return String(slot + 1);
  const floor = Math.floor(slot / planned.unitsPerFloor) + 1;
  const position = (slot % planned.unitsPerFloor) + 1;
  return `${floor}${String(position).padStart(2, '0')}`;
}
