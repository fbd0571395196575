/**
 * Shows the toast of a flash message set by the server before a redirect (e.g. "Signed out
 * successfully!"), once, then deletes the cookie. Renders nothing.
 */
import { showToast } from '~/lib/toasts';
import { useEffect } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation } from 'react-router';
import { parseCookies } from '~/lib/cookies';
import { FLASH_COOKIE, FLASH_MESSAGES, isFlash } from '~/lib/flash';

export function FlashToasts() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    const flash = parseCookies(document.cookie)[FLASH_COOKIE];
    if (!isFlash(flash)) return;
    document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    const message = FLASH_MESSAGES[flash];
    showToast({ color: message.color, title: t(message.title), message: t(message.message) });
  }, [location.key, t]);
  return null;
}
