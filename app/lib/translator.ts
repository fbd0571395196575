/**
 * Looking up the site's texts (DESIGN §2 i18n; decision 036): the part of
 * i18next this application uses, in a few hundred bytes instead of its 16 KB gzipped, which every
 * page's first load downloaded. The texts keep i18next's JSON format (app/i18n/locales), and
 * `translator.test.ts` checks every key of both languages against i18next itself.
 *
 * What it does, as i18next does with this site's settings:
 * - keys are paths into nested objects, separated by dots (`listings.card.perMonth`);
 * - `{{name}}` is replaced by the option of that name (numbers and other values as `String()`;
 *   an option given as `undefined` or `null` by ''; a name not among the options stays as it
 *   was); nothing is escaped: React escapes what it renders;
 * - with a numeric `count`, `<key>_<plural category>` is looked up first (`Intl.PluralRules` of
 *   the language: `_one`, `_other`), then `<key>`;
 * - `returnObjects: true` returns the object or array at the key, each string in it interpolated;
 * - a missing key gives the default value (the second argument as a string, or `defaultValue`),
 *   interpolated, else the key itself; an object found without `returnObjects` gives the key.
 */
import type { Language } from './constants';

/** The options of a lookup: the interpolated values, and the three that change the lookup. */
export type TOptions = { count?: number; defaultValue?: string; returnObjects?: boolean; [name: string]: unknown };

/**
 * Looks up `key` in the current language. Returns a string (with `returnObjects`, whatever the
 * key holds: cast it where it is used).
 */
export type TFunction = (key: string, defaultValueOrOptions?: string | TOptions, options?: TOptions) => string;

/** One language's texts, and the lookup over them. */
export interface Translator {
  readonly language: Language;
  readonly t: TFunction;
  /** Whether `key` (a dotted path) holds a text or a group of texts. */
  exists(key: string): boolean;
  /** Merges `bundle` (nested texts) into the texts; its strings replace those with the same key. */
  addResources(bundle: object): void;
}

type Texts = Record<string, unknown>;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function isObject(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null;
}

/** The value at the dotted `path` of `texts` (undefined when there is none). */
function find(texts: Texts, path: string): unknown {
  let node: unknown = texts;
  for (const part of path.split('.')) {
    if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

function interpolate(text: string, options: TOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    if (!Object.prototype.hasOwnProperty.call(options, name)) return placeholder;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** `value` with each string inside interpolated (arrays stay arrays). */
function interpolateAll(value: unknown, options: TOptions): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, options));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, interpolateAll(item, options)]));
  return value;
}

/** Deep merge of `source` into `target` (mutating it, never `source`), as i18next's bundles merge. */
function mergeInto(target: Texts, source: Texts): void {
  for (const [name, value] of Object.entries(source)) {
    const existing = target[name];
    if (isObject(existing) && isObject(value)) mergeInto(existing, value);
    else target[name] = isObject(value) ? structuredClone(value) : value;
  }
}

/**
 * A translator of `language` over a copy of `texts` (the object given is never changed, so one
 * loader's cached bundle can serve every request).
 */
export function createTranslator(language: Language, texts: object): Translator {
  const own: Texts = structuredClone(texts) as Texts;
  const plurals = new Intl.PluralRules(language);
  const t: TFunction = (key, defaultValueOrOptions, maybeOptions) => {
    const options: TOptions =
      typeof defaultValueOrOptions === 'string' ? { ...maybeOptions, defaultValue: defaultValueOrOptions } : (defaultValueOrOptions ?? {});
    let value: unknown;
    if (typeof options.count === 'number') value = find(own, `${key}_${plurals.select(options.count)}`);
    if (value === undefined) value = find(own, key);
    if (typeof value === 'string') return interpolate(value, options);
    if (value !== undefined && options.returnObjects) return interpolateAll(value, options) as string;
    if (value === undefined && typeof options.defaultValue === 'string') return interpolate(options.defaultValue, options);
    return key;
  };
  return {
    language,
    t,
    exists: (key) => find(own, key) !== undefined,
    addResources(bundle) {
      mergeInto(own, bundle as Texts);
    },
  };
}
