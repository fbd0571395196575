/**
 * Cookie consent banner (spec §2, §3, §4): shown while no consent is saved; necessary cookies are
 * always on; analytics, marketing and preferences are opt-in. The record is saved under
 * `cookie-consent` (localStorage and a cookie the server reads) with the toast
 * "Cookie Preferences Saved". Without JavaScript the form posts to /preferences.
 */
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { PREFERENCE_COOKIE_MAX_AGE_S, STORAGE_KEYS } from '~/lib/constants';
import { setClientCookie } from '~/lib/cookies';
import { consentFromForm, parseConsent, type CookieConsent } from '~/lib/preferences';
import classes from './chrome.module.css';

const OPTIONAL = ['analytics', 'marketing', 'preferences'] as const;

export function CookieBanner({ initialConsent }: { initialConsent: CookieConsent | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [visible, setVisible] = useState(initialConsent === null);

  useEffect(() => {
    // localStorage is the spec's store; it wins over a missing cookie (e.g. cookies cleared).
    if (parseConsent(localStorage.getItem(STORAGE_KEYS.cookieConsent))) setVisible(false);
  }, []);

  if (!visible) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const consent = consentFromForm(submitter?.value ?? 'necessary', new FormData(event.currentTarget));
    const value = JSON.stringify(consent);
    localStorage.setItem(STORAGE_KEYS.cookieConsent, value);
    setClientCookie(STORAGE_KEYS.cookieConsent, value, PREFERENCE_COOKIE_MAX_AGE_S);
    setVisible(false);
    notifications.show({ title: t('common.toast.success'), message: t('common.cookies.saved'), color: 'teal' });
  };

  return (
    <Paper
      component="section"
      aria-labelledby="cookie-banner-title"
      shadow="xl"
      withBorder
      p="md"
      className={classes.cookieBanner}
      data-testid="cookie-banner"
    >
      <Form method="post" action="/preferences" onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Stack gap="sm">
          <Title order={2} size="h4" id="cookie-banner-title">
            {t('common.cookies.title')}
          </Title>
          <Text size="sm">
            {t('common.cookies.body')}{' '}
            <Anchor component={Link} to="/privacy" size="sm">
              {t('common.cookies.privacyLink')}
            </Anchor>
          </Text>
          <details>
            <summary className={classes.summary}>{t('common.cookies.customize')}</summary>
            <Stack gap="xs" mt="xs">
              <Checkbox checked disabled readOnly label={t('common.cookies.necessary')} description={t('common.cookies.necessaryHint')} />
              {OPTIONAL.map((name) => (
                <Checkbox key={name} name={name} label={t(`common.cookies.${name}`)} description={t(`common.cookies.${name}Hint`)} />
              ))}
              <Group>
                <Button type="submit" name="consent" value="custom" variant="light" size="sm">
                  {t('common.cookies.save')}
                </Button>
              </Group>
            </Stack>
          </details>
          <Group justify="flex-end" gap="xs">
            <Button type="submit" name="consent" value="necessary" variant="default" size="sm">
              {t('common.cookies.necessaryOnly')}
            </Button>
            <Button type="submit" name="consent" value="all" size="sm">
              {t('common.cookies.acceptAll')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
