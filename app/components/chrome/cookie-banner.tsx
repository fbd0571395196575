/**
 * Cookie consent banner (spec §2, §3, §4): shown while no consent is saved; necessary cookies are
 * always on; analytics, marketing and preferences are opt-in. The record is saved under
 * `cookie-consent` (localStorage and a cookie the server reads) with the toast
 * "Cookie Preferences Saved". Without JavaScript the form posts to /preferences.
 */
import { Button } from '@mantine/core';
import { showToast } from '~/lib/toasts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
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
    showToast({ title: t('common.toast.success'), message: t('common.cookies.saved'), color: 'teal' });
  };

  // Plain elements and native checkboxes: every first visit renders this banner on the server,
  // and Mantine's Checkbox/Stack/Group tree made it cost as much as the rest of the chrome.
  return (
    <section aria-labelledby="cookie-banner-title" className={classes.cookieBanner} data-testid="cookie-banner">
      <Form method="post" action="/preferences" onSubmit={onSubmit} className={classes.cookieForm}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <h2 className={classes.cookieTitle} id="cookie-banner-title">
          {t('common.cookies.title')}
        </h2>
        <p className={classes.cookieText}>
          {t('common.cookies.body')}{' '}
          <Link to="/privacy" className={classes.cookieLink}>
            {t('common.cookies.privacyLink')}
          </Link>
        </p>
        <details>
          <summary className={classes.summary}>{t('common.cookies.customize')}</summary>
          <div className={classes.cookieOptions}>
            <label className={classes.cookieOption}>
              <input type="checkbox" checked disabled readOnly />
              <span>
                <strong>{t('common.cookies.necessary')}</strong>
                <small>{t('common.cookies.necessaryHint')}</small>
              </span>
            </label>
            {OPTIONAL.map((name) => (
              <label key={name} className={classes.cookieOption}>
                <input type="checkbox" name={name} />
                <span>
                  <strong>{t(`common.cookies.${name}`)}</strong>
                  <small>{t(`common.cookies.${name}Hint`)}</small>
                </span>
              </label>
            ))}
            <div>
              <Button type="submit" name="consent" value="custom" variant="light" size="sm">
                {t('common.cookies.save')}
              </Button>
            </div>
          </div>
        </details>
        <div className={classes.cookieActions}>
          <Button type="submit" name="consent" value="necessary" variant="default" size="sm">
            {t('common.cookies.necessaryOnly')}
          </Button>
          <Button type="submit" name="consent" value="all" size="sm">
            {t('common.cookies.acceptAll')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
