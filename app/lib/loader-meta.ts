/**
 * The `meta` export of every route whose loader returns its `meta` (decision 034):
 * `export const meta = loaderMeta;`. Client-safe: React Router also runs it in the browser.
 */
import type { MetaDescriptor } from 'react-router';
import { metaTags, type PageMeta } from './meta';

/** The meta descriptors of the loader's `meta` (no loader data, as on an error: the site name, noindex). */
export function loaderMeta({ data }: { data?: { meta?: PageMeta } | undefined }): MetaDescriptor[] {
  return metaTags(data?.meta);
}
