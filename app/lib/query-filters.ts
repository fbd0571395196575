/**
 * Building blocks of the staff lists' query strings (decision 020 and 037): `?from=&to=&cursor=`
 * and each list's own filters, read with zod. Every message is a translation key given by the
 * list. Client-safe.
 */
import { z } from 'zod';

/** `schema`, where an empty or missing query value reads as "not given" (undefined). */
export function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

/** A keyset cursor parameter: the cursor `parse` reads from the text, or an issue with `message`. */
export function cursorParam<Cursor>(parse: (raw: string) => Cursor | null, message: string) {
  return optionalParam(
    z.string().transform((raw, ctx) => {
      const cursor = parse(raw);
      if (!cursor) ctx.addIssue({ code: 'custom', message });
      return cursor ?? z.NEVER;
    }),
  );
}

/** A `superRefine` check that `from` is not after `to` (ISO days), reported on `to` with `message`. */
export function dayRangeCheck(message: string) {
  return (value: { from?: string; to?: string }, ctx: z.RefinementCtx): void => {
    if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message });
  };
}

/** The values of `names` present in `params`, trimmed (absent names are left out). */
export function pickParams(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) out[name] = value.trim();
  }
  return out;
}

/**
 * `basePath` with a query of the given `values` (in order; null, undefined and empty ones left
 * out) and, when given, `cursor` last: the URL of a filtered list, a page of it or its CSV.
 */
export function filteredHref(basePath: string, values: Record<string, string | number | null | undefined>, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, String(value));
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}
