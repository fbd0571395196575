/**
 * Typed access to the `zipcodes` package (offline US ZIP database, no type declarations of its
 * own). Loaded through `createRequire` because it is CommonJS without types.
 */
import { createRequire } from 'node:module';

export type ZipInfo = {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  country: string;
};

type ZipcodesModule = {
  lookup(zip: string | number): ZipInfo | undefined;
  lookupByName(city: string, state: string): ZipInfo[];
};

const zipcodes = createRequire(import.meta.url)('zipcodes') as ZipcodesModule;

/** The ZIP record for a 5-digit code, or undefined when unknown. */
export function lookupZip(zip: string): ZipInfo | undefined {
  return zipcodes.lookup(zip);
}

const cache = new Map<string, ZipInfo[]>();

/**
 * Every ZIP of `city`, `state` whose own record maps back to that city and state and has
 * coordinates, sorted by ZIP (stable across runs). Throws when there is none: the demo catalogue
 * names a city the package does not know.
 */
export function zipsOfCity(city: string, state: string): ZipInfo[] {
  const key = `${city}|${state}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const zips = zipcodes
    .lookupByName(city, state)
    .filter((info) => {
      const back = zipcodes.lookup(info.zip);
      return back?.city === city && back.state === state && Boolean(info.latitude) && Boolean(info.longitude);
    })
    .sort((a, b) => a.zip.localeCompare(b.zip));
  if (zips.length === 0) throw new Error(`No ZIP code known for ${city}, ${state}`);
  cache.set(key, zips);
  return zips;
}
