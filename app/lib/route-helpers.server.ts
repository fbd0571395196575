/**
 * Small helpers shared by route loaders (server only).
 */
import { data } from 'react-router';
import { readPreferences } from './preferences';
import type { Language } from './constants';
import { INT4_MAX } from '~/lib/ids';

/** The visitor's language for data that is stored in two languages. */
export function requestLanguage(request: Request): Language {
  return readPreferences(request).language;
}

/**
 * Parses a route's `{digits}` id (spec §2: /property/{id}, /booking/{id}). Anything else,
 * including ids beyond the int range, is a 404.
 */
export function parseDigitsId(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw data(null, { status: 404 });
  const id = Number(raw);
  if (id < 1 || id > INT4_MAX) throw data(null, { status: 404 });
  return id;
}
