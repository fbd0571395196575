/**
 * Mantine theme and the colour-scheme manager that stores the choice under `theme`
 * (spec §9: light | dark, default = system) in localStorage and mirrors it to a cookie so the
 * server renders the same scheme on the next request.
 */
import {
  createTheme,
  defaultVariantColorsResolver,
  DEFAULT_THEME,
  parseThemeColor,
  type VariantColorsResolver,
  localStorageColorSchemeManager,
  mergeThemeOverrides,
  type MantineThemeOverride,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { PREFERENCE_COOKIE_MAX_AGE_S, STORAGE_KEYS } from './constants';
import { setClientCookie } from './cookies';

/**
 * Mantine's variant colours, kept at AA contrast where a colour is given with a shade (`orange.9`):
 * a `light` badge or button with a shade is drawn on that shade's solid colour, so it gets the
 * filled variant's text (black or white, whichever contrasts more); an `outline` one uses the
 * colour's outline of the current scheme (light: shade 9, dark: shade 5), since one fixed shade
 * cannot contrast with both a white and a dark page.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (parsed.isThemeColor && parsed.shade !== undefined) {
    if (input.variant === 'light') return defaultVariantColorsResolver({ ...input, variant: 'filled', autoContrast: true });
    if (input.variant === 'outline') return defaultVariantColorsResolver({ ...input, color: parsed.color });
  }
  return defaultVariantColorsResolver(input);
};

/**
 * The style of a round ThemeIcon. Mantine 9's ThemeIcon (and Blockquote) also writes its `radius`
 * prop to the DOM as an attribute, which is not valid HTML: the default radius (md) needs no prop,
 * and a round one takes this style instead.
 */
export const ROUND_ICON = { '--ti-radius': 'var(--mantine-radius-xl)' } as const;

export const theme = createTheme({
  primaryColor: 'teal',
  // autoContrast puts black text on a colour lighter than this luminance, white on a darker one:
  // 0.179 is where both contrast equally, so the choice is always the better one (orange-9 takes
  // black at 4.9:1 where white would be 4.3:1).
  luminanceThreshold: 0.179,
  variantColorResolver,
  // teal-9 carries white text at 5:1 (WCAG AA) in both schemes.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  // Self-hosted Source Serif 4 (app/fonts.css, decision 034); its metric-matched fallback
  // while it loads, then the usual serifs.
  headings: { fontFamily: '"Source Serif 4", "Source Serif 4 Fallback", Georgia, "Times New Roman", serif', fontWeight: '600' },
  components: {
    // Toast text at full contrast (Mantine's dimmed description is below AA on a light toast).
    // Plain objects, not Notification.extend(): importing the component would put it (and its
    // close button) into every page's first load (decision 036).
    Notification: { styles: { description: { color: 'var(--mantine-color-text)' } } },
    // A region that scrolls (a wide table on a phone) can be reached and scrolled by keyboard
    // too (WCAG 2.1.1; axe scrollable-region-focusable).
    ScrollArea: { defaultProps: { viewportProps: { tabIndex: 0 } } },
  },
});

/**
 * The theme with the texts that depend on the language: every toast's close button gets a name.
 * One object per label (a language has one), so the server does not merge themes per request.
 */
export function localizedTheme(dismissLabel: string): MantineThemeOverride {
  let localized = localizedThemes.get(dismissLabel);
  if (!localized) {
    localized = mergeThemeOverrides(theme, {
      components: {
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': dismissLabel } } },
      },
    });
    localizedThemes.set(dismissLabel, localized);
  }
  return localized;
}

const localizedThemes = new Map<string, MantineThemeOverride>();

/** Mantine's default "dimmed" grey is 3.3:1 on white; these keep secondary text at AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // With primaryShade 9, Mantine's hover shade is lighter (8), below AA behind white text:
  // hover darkens instead.
  variables: { '--mantine-primary-color-filled-hover': 'color-mix(in srgb, var(--mantine-color-teal-9), black 18%)' },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // The text of a light badge, button or alert: shade 9 is 4.3:1 on its shade-1 background
    // for teal and orange, 4.47:1 for yellow a quarter darker; 30 % darker, every colour is above 4.5:1.
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).map((name) => [
        `--mantine-color-${name}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${name}-9), black 30%)`,
      ]),
    ),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

export function createColorSchemeManager(): MantineColorSchemeManager {
  const storage = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
  return {
    ...storage,
    set(value) {
      storage.set(value);
      if (typeof document !== 'undefined') {
        setClientCookie(STORAGE_KEYS.theme, value, PREFERENCE_COOKIE_MAX_AGE_S);
      }
    },
  };
}
