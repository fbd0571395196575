/**
 * Normalises `image_urls` (spec §3): it may arrive as a JSON list, a comma-separated string or a
 * list; the result is a list of non-empty trimmed strings. A property lacks images when the
 * result is empty.
 */
export function normalizeImageUrls(value: unknown): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === 'string' ? splitList(item) : []));
  if (typeof value !== 'string') return [];
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      return normalizeImageUrls(JSON.parse(trimmed) as unknown);
    } catch {
      // Not JSON after all: fall through to the comma-separated form.
    }
  }
  return splitList(trimmed);
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim().replace(/^["']|["']$/g, ''))
    .filter((part) => part.length > 0);
}

/** spec §3: a property lacks images when image_urls is null or an empty list. */
export function lacksImages(value: unknown): boolean {
  return normalizeImageUrls(value).length === 0;
}
