/**
 * Turns a loader's `meta` ({ title, description }) into React Router meta descriptors.
 */
export type PageMeta = { title: string; description?: string | undefined };

export function metaTags(meta: PageMeta | undefined) {
  if (!meta) return [{ title: 'Dimora' }];
  const tags: Array<Record<string, string>> = [{ title: meta.title }];
  if (meta.description) {
    tags.push({ name: 'description', content: meta.description });
    tags.push({ property: 'og:description', content: meta.description });
  }
  tags.push({ property: 'og:title', content: meta.title });
  return tags;
}
