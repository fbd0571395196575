/**
 * Mantine's theme CSS variables (`<style data-mantine-styles>` at the top of the body), built once
 * per theme instead of on every render (decision 034). MantineProvider builds
 * them on each render from the merged theme — resolving every colour and size of the theme,
 * about 2 % of a public page's server render — although they never change for a theme. Used with
 * `<MantineProvider withCssVariables={false}>`; the markup is the same as Mantine's own.
 */
import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  keys,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';

const cache = new WeakMap<MantineThemeOverride, Map<CSSVariablesResolver | undefined, string>>();
let defaults: ConvertCSSVariablesInput | undefined;

/** The variables that differ from Mantine's defaults (those are in its stylesheet already). */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  defaults ??= defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const part of ['variables', 'light', 'dark'] as const) {
    for (const key of keys(input[part])) {
      if (defaults[part][key] !== input[part][key]) cleaned[part][key] = input[part][key]!;
    }
  }
  return cleaned;
}

/**
 * The CSS MantineProvider would put in its `<style data-mantine-styles="true">` for `theme`
 * (an override, merged onto Mantine's default theme) and `resolver`, with Mantine's default selector (`:root, :host`)
 * and deduplicated variables (MantineProvider's defaults). Cached per theme object and resolver.
 */
export function themeCssVariables(theme: MantineThemeOverride, resolver?: CSSVariablesResolver): string {
  let byResolver = cache.get(theme);
  if (!byResolver) cache.set(theme, (byResolver = new Map()));
  let css = byResolver.get(resolver);
  if (css === undefined) {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const base = defaultCssVariablesResolver(merged);
    const variables = resolver ? (deepMerge(base, resolver(merged)) as ConvertCSSVariablesInput) : base;
    css = convertCssVariables(withoutDefaults(variables));
    byResolver.set(resolver, css);
  }
  return css;
}

/** Renders themeCssVariables(theme, resolver) as MantineProvider's own CSS-variables element does. */
export function ThemeCssVariables({ theme, resolver }: { theme: MantineThemeOverride; resolver?: CSSVariablesResolver }) {
  const css = themeCssVariables(theme, resolver);
  return css ? <style data-mantine-styles dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
