/**
 * Mantine theme and the colour-scheme manager that stores the choice under `theme`
 * (spec §9: light | dark, default = system) in localStorage and mirrors it to a cookie so the
 * server renders the same scheme on the next request.
 */
import {
  createTheme,
  localStorageColorSchemeManager,
  mergeThemeOverrides,
  type MantineThemeOverride,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { PREFERENCE_COOKIE_MAX_AGE_S, STORAGE_KEYS } from './constants';
import { setClientCookie } from './cookies';

export const theme = createTheme({
  primaryColor: 'teal',
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
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
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
