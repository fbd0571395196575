/**
 * The review list's query string, read and written the same way by the loaders and the links:
 * `?status=&property=&q=&page=&id=&done=`. Garbage is ignored (an unknown status or a property
 * that is not a positive whole number means "all"; the page falls back to 1). Client-safe.
 */
import { isApplicationStatus, REVIEW_SEARCH_MAX, type ApplicationStatus } from './applications.types';
import { INT4_MAX } from '~/lib/ids';

export type ReviewFilters = {
  status: ApplicationStatus | null;
  propertyId: number | null;
  /** Part of a reference, an applicant's name or e-mail (trimmed, ≤ REVIEW_SEARCH_MAX). */
  q: string;
  page: number;
};

function positiveInt(raw: string | null, max: number): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

/** The filters in `params`, cleaned. */
export function parseReviewFilters(params: URLSearchParams): ReviewFilters {
  const status = params.get('status');
  return {
    status: isApplicationStatus(status) ? status : null,
    propertyId: positiveInt(params.get('property'), INT4_MAX),
    q: (params.get('q') ?? '').trim().slice(0, REVIEW_SEARCH_MAX),
    page: positiveInt(params.get('page'), 1_000_000) ?? 1,
  };
}

/** The application whose panel is open (`?id=`), or null. */
export function parseSelectedId(params: URLSearchParams): number | null {
  return positiveInt(params.get('id'), INT4_MAX);
}

/** True when any filter narrows the list. */
export function hasReviewFilters(filters: ReviewFilters): boolean {
  return filters.status !== null || filters.propertyId !== null || filters.q !== '';
}

/**
 * The review page at `basePath` with `filters`, on `page`, with the panel of `id` open and a
 * `done` notice for a browser without JavaScript. Pass `page: 1` to drop the page.
 */
export function reviewHref(
  basePath: string,
  filters: ReviewFilters,
  extra: { page?: number; id?: number | null; done?: string | null } = {},
): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.propertyId) params.set('property', String(filters.propertyId));
  if (filters.q) params.set('q', filters.q);
  const page = extra.page ?? filters.page;
  if (page > 1) params.set('page', String(page));
  if (extra.id) params.set('id', String(extra.id));
  if (extra.done) params.set('done', extra.done);
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}
