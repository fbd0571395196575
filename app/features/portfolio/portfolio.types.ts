/**
 * Shapes the portfolio services answer and the pages render (client-safe: no server imports).
 */
import type { AmenityKey } from '~/lib/amenities';
import type { LateFeeRule } from '~/lib/late-fees';
import type { PropertyType, UnitStatus } from '~/lib/property-types';

/** Why a portfolio command was refused. `invalid` carries field errors (translation keys). */
export type PortfolioRefusal = 'not_found' | 'forbidden' | 'invalid';

/** A refused command: field → translation key (`form` for the whole form), plus values for it. */
export type PortfolioFailure = {
  ok: false;
  reason: PortfolioRefusal;
  /** field → translation key; `form` for the whole submission. */
  fields?: Record<string, string>;
  /** zod issues to translate on the route (`translateIssues`). */
  issues?: unknown;
};

export type ManagerOption = { id: string; name: string; email: string };

/** What the list and the detail page both show of a building: its address, manager and unit counts. */
export type BuildingFacts = {
  id: number;
  name: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  managerId: string | null;
  managerName: string | null;
  unitsTotal: number;
  unitsAvailable: number;
  unitsLeased: number;
  unitsMaintenance: number;
  unitsListed: number;
};

export type BuildingListItem = BuildingFacts & {
  /** leased ÷ units, 0–1 (0 for a building without units). */
  occupancy: number;
  coverUrl: string | null;
};

export type BuildingListPage = {
  items: BuildingListItem[];
  total: number;
  page: number;
  pageCount: number;
};

export type BuildingDetail = BuildingFacts & {
  /** IANA zone of the building's local dates (decision 047). */
  timeZone: string;
  /** The building's own late-fee rule; null = the company's (decision 048). */
  lateFeeRule: LateFeeRule | null;
  latitude: number | null;
  longitude: number | null;
  yearBuilt: number | null;
  amenities: AmenityKey[];
  description: string;
  descriptionIt: string | null;
  imageUrls: string[];
  createdAt: string;
  updatedAt: string;
};

export type BuildingUnitRow = {
  id: number;
  unitNumber: string;
  title: string;
  status: UnitStatus;
  listed: boolean;
  /** Monthly rent, whole USD. */
  price: number;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  photos: number;
  /** End date (ISO) of the unit's current lease (pending or active), or null. */
  leaseEnd: string | null;
  /** Applications submitted or under review. */
  openApplications: number;
};

export type UnitDetail = {
  id: number;
  buildingId: number;
  unitNumber: string;
  title: string;
  titleIt: string | null;
  description: string;
  descriptionIt: string | null;
  price: number;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  maxOccupants: number;
  propertyType: PropertyType;
  status: UnitStatus;
  listed: boolean;
  availableDate: string | null;
  amenities: AmenityKey[];
  imageUrls: string[];
  updatedAt: string;
};

/** A unit import's dry run: one entry per data row (line numbers as in the file, header = 1). */
export type UnitImportPreview = {
  /** Set when the file is clean and was kept for the commit; null when it has errors. */
  importId: string | null;
  fileName: string;
  rows: { line: number; unitNumber: string; action: 'create' | 'update'; errors: Record<string, string> }[];
  /** Problems with the file itself (header, size, encoding): translation keys. */
  fileErrors: string[];
  counts: { rows: number; create: number; update: number; invalid: number };
};

export type UnitImportResult = { created: number; updated: number };
