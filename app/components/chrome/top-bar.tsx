/**
 * Top bar (spec §2 chrome): logo → /, theme toggle, language selector (English, Italiano).
 * Each control is a real form posting to /preferences, so it also works without JavaScript.
 */
import { ActionIcon, Box, Container, Group, Text, useComputedColorScheme, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link, useLocation, useSubmit } from 'react-router';
import { STORAGE_KEYS, SUPPORTED_LANGUAGES, type Language } from '~/lib/constants';
import { isLanguage, type ThemePreference } from '~/lib/preferences';
import { LANG_PARAM, withoutLangParam } from '~/lib/seo';
import { useCompanyName } from '~/lib/use-company-name';
import { Logo } from './logo';
import { usePreferenceSubmit } from './use-preference-submit';
import classes from './chrome.module.css';

/** `notifications`: the bell of a signed-in user (composed by the layout: features are not imported here). */
export function TopBar({
  language,
  serverTheme,
  notifications,
}: {
  language: Language;
  serverTheme: ThemePreference;
  notifications?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  // A URL's ?lang= would outvote the new choice: the switcher returns to the page without it.
  const languageRedirectTo = withoutLangParam(location.pathname, location.search);
  const urlNamesLanguage = new URLSearchParams(location.search).has(LANG_PARAM);
  const submit = useSubmit();
  const { setColorScheme } = useMantineColorScheme();
  // Resolved after hydration, so the server's HTML and the first client render agree.
  const isDark = useComputedColorScheme(serverTheme === 'dark' ? 'dark' : 'light', { getInitialValueInEffect: true }) === 'dark';
  const submitPreference = usePreferenceSubmit();
  const companyName = useCompanyName();

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.logoLink} aria-label={t('common.nav.home')}>
            <Logo />
            <Text component="span" fw={600} fz="xl" ff="heading" className={notifications ? classes.brandBesideBell : undefined}>
              {companyName}
            </Text>
          </Link>
          <Group gap="xs" wrap="nowrap">
            {notifications}
            <Form
              method="post"
              action="/preferences"
              onSubmit={(event) => {
                event.preventDefault();
                setColorScheme(isDark ? 'light' : 'dark');
              }}
            >
              <input type="hidden" name="theme" value={isDark ? 'light' : 'dark'} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <ActionIcon
                type="submit"
                variant="default"
                size="lg"
                aria-label={t('common.theme.toggle')}
                title={isDark ? t('common.theme.light') : t('common.theme.dark')}
                data-testid="theme-toggle"
              >
                <IconSun className={classes.iconDark} aria-hidden size={18} />
                <IconMoon className={classes.iconLight} aria-hidden size={18} />
              </ActionIcon>
            </Form>
            <Form method="post" action="/preferences" className={classes.languageForm}>
              <input type="hidden" name="redirectTo" value={languageRedirectTo} />
              {/* A plain <select>, not Mantine's NativeSelect: its Input chain cost every page's first load ~4 KB (decision 036). */}
              <select
                name="language"
                aria-label={t('common.language.label')}
                value={language}
                data-testid="language-select"
                className={classes.languageSelect}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (!isLanguage(next)) return;
                  localStorage.setItem(STORAGE_KEYS.language, next);
                  if (urlNamesLanguage)
                    void submit({ language: next, redirectTo: languageRedirectTo }, { method: 'post', action: '/preferences' });
                  else void submitPreference({ language: next });
                }}
              >
                {SUPPORTED_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {t(`common.language.${code}`)}
                  </option>
                ))}
              </select>
              <noscript>
                <button type="submit" className={classes.noscriptButton}>
                  <VisuallyHidden>{t('common.language.label')}</VisuallyHidden>OK
                </button>
              </noscript>
            </Form>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
