/**
 * Inputs of the portfolio back office (decision 015): the building and unit forms,
 * the bulk unit commands, the buildings list's query and the CSV import's row. Every message is a
 * translation key (`portfolio.errors.*` or the shared `common.form.*`); the server translates them
 * with `translateIssues`. Client-safe.
 */
import { z } from 'zod';
import { AMENITY_KEYS, type AmenityKey } from '~/lib/amenities';
import { LISTING_MAX_PRICE } from '~/lib/constants';
import { FIELD_MESSAGES, cleanLine, cleanMultiline, formList, formText, optionalLine, requiredLine } from '~/lib/form-fields';
import { PROPERTY_TYPES, UNIT_STATUSES } from '~/lib/property-types';
import { readLateFeeRule, type LateFeeRule } from '~/lib/late-fees';
import { isUsTimeZone } from '~/lib/time-zones';
import { US_STATES } from '~/lib/us-states';

export const PORTFOLIO_TEXT_LIMITS = {
  buildingName: 120,
  streetAddress: 160,
  city: 80,
  unitNumber: 20,
  title: 160,
  description: 5_000,
  search: 100,
} as const;

/** Buildings per page in the list. */
export const BUILDINGS_PAGE_SIZE = 25;
/** The most units a building page lists (a building has at most 200 in the demo; more are paged). */
export const BUILDING_UNITS_PAGE_SIZE = 200;
/** The most rows one CSV import may hold. */
export const UNIT_IMPORT_MAX_ROWS = 5_000;
/** The largest CSV file accepted (bytes). */
export const UNIT_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** The oldest year a building may have been built in. */
export const MIN_YEAR_BUILT = 1700;

const E = {
  state: 'portfolio.errors.state',
  timeZone: 'portfolio.errors.timeZone',
  lateFeeMode: 'portfolio.errors.lateFeeMode',
  zip: 'portfolio.errors.zip',
  latitude: 'portfolio.errors.latitude',
  longitude: 'portfolio.errors.longitude',
  coordinatesPair: 'portfolio.errors.coordinatesPair',
  yearBuilt: 'portfolio.errors.yearBuilt',
  amenity: 'portfolio.errors.amenity',
  unitNumber: 'portfolio.errors.unitNumber',
  price: 'portfolio.errors.price',
  bedrooms: 'portfolio.errors.bedrooms',
  bathrooms: 'portfolio.errors.bathrooms',
  squareFeet: 'portfolio.errors.squareFeet',
  maxOccupants: 'portfolio.errors.maxOccupants',
  propertyType: 'portfolio.errors.propertyType',
  status: 'portfolio.errors.status',
  date: 'portfolio.errors.date',
  listed: 'portfolio.errors.listed',
} as const;

/** An optional number typed into a text field: '' → undefined; otherwise it must parse and pass `check`. */
function optionalNumber(message: string, check: (value: number) => boolean) {
  return z
    .string()
    .default('')
    .transform((value) => value.trim().replace(/,/g, ''))
    .refine((value) => value === '' || (/^-?\d+(\.\d+)?$/.test(value) && check(Number(value))), message)
    .transform((value) => (value === '' ? undefined : Number(value)));
}

/** A required number typed into a text field. */
function requiredNumber(message: string, check: (value: number) => boolean) {
  return z
    .string()
    .default('')
    .transform((value) => value.trim().replace(/,/g, ''))
    .refine((value) => value !== '', FIELD_MESSAGES.required)
    .refine((value) => value === '' || (/^-?\d+(\.\d+)?$/.test(value) && check(Number(value))), message)
    .transform((value) => Number(value));
}

const amenitiesField = z
  .array(z.string())
  .default([])
  .refine((keys) => keys.every((key) => (AMENITY_KEYS as readonly string[]).includes(key)), E.amenity)
  .transform((keys) => AMENITY_KEYS.filter((key) => keys.includes(key)) as AmenityKey[]);

/** A late-fee rule field as typed (read by `readLateFeeRule` when the building has its own rule). */
const lateFeeText = z.string().max(40, FIELD_MESSAGES.tooLong).default('');

const optionalText = (max: number) => z.string().default('').overwrite(cleanMultiline).pipe(z.string().max(max, FIELD_MESSAGES.tooLong));

/** The building form (create and edit). `managerId` is read only from admins (see the service). */
export const buildingInputSchema = z
  .object({
    name: requiredLine(PORTFOLIO_TEXT_LIMITS.buildingName),
    streetAddress: requiredLine(PORTFOLIO_TEXT_LIMITS.streetAddress),
    city: requiredLine(PORTFOLIO_TEXT_LIMITS.city),
    state: z
      .string()
      .default('')
      .transform((value) => value.trim().toUpperCase())
      .refine((value) => value !== '', FIELD_MESSAGES.required)
      .refine((value) => value === '' || value in US_STATES, E.state),
    zipCode: z
      .string()
      .default('')
      .transform((value) => value.trim())
      .refine((value) => value !== '', FIELD_MESSAGES.required)
      .refine((value) => value === '' || /^\d{5}$/.test(value), E.zip),
    /** An IANA zone of `US_TIME_ZONES`; empty = the state's (decision 047). */
    timeZone: z
      .string()
      .default('')
      .transform((value) => value.trim())
      .refine((value) => value === '' || isUsTimeZone(value), E.timeZone),
    latitude: optionalNumber(E.latitude, (value) => value >= -90 && value <= 90),
    longitude: optionalNumber(E.longitude, (value) => value >= -180 && value <= 180),
    yearBuilt: optionalNumber(
      E.yearBuilt,
      (value) => Number.isInteger(value) && value >= MIN_YEAR_BUILT && value <= new Date().getUTCFullYear() + 3,
    ),
    amenities: amenitiesField,
    description: optionalText(PORTFOLIO_TEXT_LIMITS.description),
    descriptionIt: optionalText(PORTFOLIO_TEXT_LIMITS.description),
    /** `company` (the settings' rule) or `own` (the fields below; decision 048). */
    lateFeeMode: z
      .string()
      .default('company')
      .transform((value) => value.trim() || 'company')
      .refine((value) => value === 'company' || value === 'own', E.lateFeeMode),
    lateFeeGraceDays: lateFeeText,
    lateFeeKind: lateFeeText,
    lateFeeFrequency: lateFeeText,
    lateFeeAmount: lateFeeText,
    lateFeePercent: lateFeeText,
    lateFeeCap: lateFeeText,
    lateFeeCapPercent: lateFeeText,
  })
  .refine((input) => (input.latitude === undefined) === (input.longitude === undefined), {
    message: E.coordinatesPair,
    path: ['longitude'],
  })
  .superRefine((input, context) => {
    if (input.lateFeeMode !== 'own') return;
    const read = readLateFeeRule(input);
    if (!read.ok) for (const [path, message] of Object.entries(read.errors)) context.addIssue({ code: 'custom', path: [path], message });
  });

/** The building's own late-fee rule from a valid form, or null for the company's (decision 048). */
export function buildingLateFeeRule(input: BuildingInput): LateFeeRule | null {
  if (input.lateFeeMode !== 'own') return null;
  const read = readLateFeeRule(input);
  return read.ok ? read.rule : null;
}

export type BuildingInput = z.infer<typeof buildingInputSchema>;
export type BuildingField = keyof z.input<typeof buildingInputSchema> | 'managerId';
export type BuildingFormValues = Record<Exclude<BuildingField, 'amenities'>, string> & { amenities: string[] };

/** Reads the building form's fields as typed (for validation and for echoing back). */
export function readBuildingForm(form: FormData): BuildingFormValues {
  return {
    name: formText(form, 'name'),
    streetAddress: formText(form, 'streetAddress'),
    city: formText(form, 'city'),
    state: formText(form, 'state'),
    zipCode: formText(form, 'zipCode'),
    timeZone: formText(form, 'timeZone'),
    latitude: formText(form, 'latitude'),
    longitude: formText(form, 'longitude'),
    yearBuilt: formText(form, 'yearBuilt'),
    amenities: formList(form, 'amenities'),
    description: formText(form, 'description'),
    descriptionIt: formText(form, 'descriptionIt'),
    managerId: formText(form, 'managerId'),
    lateFeeMode: formText(form, 'lateFeeMode'),
    lateFeeGraceDays: formText(form, 'lateFeeGraceDays'),
    lateFeeKind: formText(form, 'lateFeeKind'),
    lateFeeFrequency: formText(form, 'lateFeeFrequency'),
    lateFeeAmount: formText(form, 'lateFeeAmount'),
    lateFeePercent: formText(form, 'lateFeePercent'),
    lateFeeCap: formText(form, 'lateFeeCap'),
    lateFeeCapPercent: formText(form, 'lateFeeCapPercent'),
  };
}

const unitNumberField = requiredLine(PORTFOLIO_TEXT_LIMITS.unitNumber).refine(
  (value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 .\-/#]*$/.test(value),
  E.unitNumber,
);

const isoDateField = z
  .string()
  .default('')
  .transform((value) => value.trim())
  .refine(
    (value) =>
      value === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)),
    E.date,
  )
  .transform((value) => (value === '' ? null : value));

/** The unit form (create and edit), and each row of a CSV import. */
export const unitInputSchema = z.object({
  unitNumber: unitNumberField,
  title: requiredLine(PORTFOLIO_TEXT_LIMITS.title),
  titleIt: optionalLine(PORTFOLIO_TEXT_LIMITS.title),
  description: z
    .string()
    .default('')
    .overwrite(cleanMultiline)
    .pipe(z.string().min(1, FIELD_MESSAGES.required).max(PORTFOLIO_TEXT_LIMITS.description, FIELD_MESSAGES.tooLong)),
  descriptionIt: optionalText(PORTFOLIO_TEXT_LIMITS.description),
  price: requiredNumber(E.price, (value) => Number.isInteger(value) && value >= 1 && value <= LISTING_MAX_PRICE),
  bedrooms: requiredNumber(E.bedrooms, (value) => Number.isInteger(value) && value >= 0 && value <= 10),
  bathrooms: requiredNumber(E.bathrooms, (value) => value >= 0.5 && value <= 10 && Number.isInteger(value * 2)),
  squareFeet: requiredNumber(E.squareFeet, (value) => Number.isInteger(value) && value >= 100 && value <= 20_000),
  maxOccupants: requiredNumber(E.maxOccupants, (value) => Number.isInteger(value) && value >= 1 && value <= 20),
  propertyType: z
    .string()
    .default('')
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => value !== '', FIELD_MESSAGES.required)
    .refine((value) => value === '' || (PROPERTY_TYPES as readonly string[]).includes(value), E.propertyType)
    .transform((value) => value as (typeof PROPERTY_TYPES)[number]),
  status: z
    .string()
    .default('available')
    .transform((value) => value.trim().toLowerCase() || 'available')
    .refine((value) => (UNIT_STATUSES as readonly string[]).includes(value), E.status)
    .transform((value) => value as (typeof UNIT_STATUSES)[number]),
  availableDate: isoDateField,
  listed: z
    .string()
    .default('')
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => ['', 'on', 'true', 'false', 'yes', 'no', '1', '0'].includes(value), E.listed)
    .transform((value) => ['on', 'true', 'yes', '1'].includes(value)),
  amenities: amenitiesField,
});

export type UnitInput = z.infer<typeof unitInputSchema>;
export type UnitField = keyof z.input<typeof unitInputSchema>;
export type UnitFormValues = Record<Exclude<UnitField, 'amenities'>, string> & { amenities: string[] };

/** Reads the unit form's fields as typed. An unchecked "listed" box sends nothing: ''. */
export function readUnitForm(form: FormData): UnitFormValues {
  return {
    unitNumber: formText(form, 'unitNumber'),
    title: formText(form, 'title'),
    titleIt: formText(form, 'titleIt'),
    description: formText(form, 'description'),
    descriptionIt: formText(form, 'descriptionIt'),
    price: formText(form, 'price'),
    bedrooms: formText(form, 'bedrooms'),
    bathrooms: formText(form, 'bathrooms'),
    squareFeet: formText(form, 'squareFeet'),
    maxOccupants: formText(form, 'maxOccupants'),
    propertyType: formText(form, 'propertyType'),
    status: formText(form, 'status'),
    availableDate: formText(form, 'availableDate'),
    listed: formText(form, 'listed'),
    amenities: formList(form, 'amenities'),
  };
}

/** Bulk commands on the units of a building (the units table's action bar). */
export const UNIT_BULK_INTENTS = ['publish', 'unpublish', 'set-status'] as const;
export type UnitBulkIntent = (typeof UNIT_BULK_INTENTS)[number];

/** Occupancy bands of the buildings list filter (leased ÷ units). */
export const OCCUPANCY_BANDS = ['low', 'medium', 'high', 'empty'] as const;
export type OccupancyBand = (typeof OCCUPANCY_BANDS)[number];
/** Occupancy below this is "low"; at or above `HIGH` is "high". */
export const OCCUPANCY_LOW = 0.8;
export const OCCUPANCY_HIGH = 0.95;

export const BUILDING_SORTS = ['name', 'occupancy_asc', 'occupancy_desc', 'units_desc', 'newest'] as const;
export type BuildingSort = (typeof BUILDING_SORTS)[number];

export type BuildingListQuery = {
  q: string;
  state: string | null;
  /** A manager's user id, `none` for buildings without a manager, or null for any. */
  manager: string | null;
  occupancy: OccupancyBand | null;
  sort: BuildingSort;
  page: number;
};

/** Parses the buildings list's query string; garbage is ignored, never an error. */
export function parseBuildingListQuery(params: URLSearchParams): BuildingListQuery {
  const state = (params.get('state') ?? '').trim().toUpperCase();
  const occupancy = params.get('occupancy');
  const sort = params.get('sort');
  const manager = cleanLine(params.get('manager') ?? '').slice(0, 64);
  const page = Number(params.get('page'));
  return {
    q: cleanLine(params.get('q') ?? '').slice(0, PORTFOLIO_TEXT_LIMITS.search),
    state: state in US_STATES ? state : null,
    manager: manager || null,
    occupancy: (OCCUPANCY_BANDS as readonly string[]).includes(occupancy ?? '') ? (occupancy as OccupancyBand) : null,
    sort: (BUILDING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BuildingSort) : 'name',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query string of a buildings list (defaults left out), for links. */
export function buildingListSearch(query: Partial<BuildingListQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.state) params.set('state', query.state);
  if (query.manager) params.set('manager', query.manager);
  if (query.occupancy) params.set('occupancy', query.occupancy);
  if (query.sort && query.sort !== 'name') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
