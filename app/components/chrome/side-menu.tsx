/**
 * The floating, collapsible side menu on the right (spec §2 chrome), toggled by its button or by
 * Ctrl/Cmd+B; the state is kept in the `sidebar_state` cookie for 7 days (spec §9). Without
 * JavaScript the toggle posts to /preferences.
 */
import { ActionIcon } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconLayoutSidebarRightCollapse, IconMenu2 } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyPart } from '~/lib/lazy-part';
import { useTranslation } from '~/lib/i18n';
import { Form, useLocation } from 'react-router';
import type { Role } from '~/lib/access';
import { SIDEBAR_COOKIE_MAX_AGE_S, STORAGE_KEYS } from '~/lib/constants';
import { setClientCookie } from '~/lib/cookies';
import classes from './chrome.module.css';

/** The signed-in user as the chrome sees it (root loader), or null. */
export type ChromeViewer = { name: string; email: string; role: Role } | null;

// The open menu (its links, Mantine's NavLink) is a chunk of its own, fetched when the toggle is
// pointed at or focused, or at once when the menu is open on arrival (server-rendered then):
// most visits never open it (decision 036: first-load JS ≤ 150 KB gzipped).
const SideMenuPanel = lazyPart(() => import('./side-menu-panel').then((module) => module.default));

export function SideMenu({ initialOpen, viewer }: { initialOpen: boolean; viewer: ChromeViewer }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(initialOpen);

  const toggle = () =>
    setOpen((current) => {
      const next = !current;
      setClientCookie(STORAGE_KEYS.sidebar, String(next), SIDEBAR_COOKIE_MAX_AGE_S);
      return next;
    });
  // An empty ignore list: the shortcut works even while typing in a field.
  useHotkeys([['mod+B', toggle]], []);

  const label = open ? t('common.nav.closeMenu') : t('common.nav.openMenu');
  return (
    <div className={classes.sideMenuRoot} data-open={open} data-testid="side-menu">
      <Form
        method="post"
        action="/preferences"
        onSubmit={(event) => {
          event.preventDefault();
          toggle();
        }}
      >
        <input type="hidden" name="sidebar" value={open ? 'false' : 'true'} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <ActionIcon
          type="submit"
          size={44}
          radius="xl"
          variant="filled"
          className={classes.sideMenuToggle}
          aria-label={label}
          aria-expanded={open}
          aria-controls="side-menu-panel"
          data-testid="side-menu-toggle"
          title={label}
          onPointerEnter={() => void SideMenuPanel.preload()}
          onFocus={() => void SideMenuPanel.preload()}
        >
          {open ? <IconLayoutSidebarRightCollapse aria-hidden /> : <IconMenu2 aria-hidden />}
        </ActionIcon>
      </Form>
      {open && (
        <Suspense fallback={null}>
          <SideMenuPanel viewer={viewer} />
        </Suspense>
      )}
    </div>
  );
}
