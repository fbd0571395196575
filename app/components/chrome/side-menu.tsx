/**
 * The floating, collapsible side menu on the right (spec §2 chrome), toggled by its button or by
 * Ctrl/Cmd+B; the state is kept in the `sidebar_state` cookie for 7 days (spec §9). Without
 * JavaScript the toggle posts to /preferences.
 */
import { ActionIcon, Divider, NavLink, Paper, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconBuildingCommunity,
  IconDashboard,
  IconLayoutSidebarRightCollapse,
  IconLogin,
  IconLogout,
  IconMenu2,
  IconShieldLock,
  IconTool,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, NavLink as RouterNavLink, useLocation } from 'react-router';
import { roleMenuItems, type Role } from '~/lib/access';
import { SIDEBAR_COOKIE_MAX_AGE_S, SIDE_MENU_LINKS, STORAGE_KEYS } from '~/lib/constants';
import { setClientCookie } from '~/lib/cookies';
import classes from './chrome.module.css';

const ROLE_ITEM_ICONS = { dashboard: IconDashboard, portal: IconBuildingCommunity, vendor: IconTool, admin: IconShieldLock } as const;

/** The signed-in user as the chrome sees it (root loader), or null. */
export type ChromeViewer = { name: string; email: string; role: Role } | null;

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
          >
            {open ? <IconLayoutSidebarRightCollapse aria-hidden /> : <IconMenu2 aria-hidden />}
          </ActionIcon>
      </Form>
      {open && (
        <Paper
          id="side-menu-panel"
          component="nav"
          aria-label={t('common.nav.mainNavigation')}
          shadow="lg"
          withBorder
          className={classes.sideMenuPanel}
          data-testid="side-menu-panel"
        >
          <div className={classes.sideMenuScroll}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pb={4}>
              {t('common.nav.menu')}
            </Text>
            {SIDE_MENU_LINKS.map((link) => (
              <NavLink
                key={link.to}
                component={RouterNavLink}
                to={link.to}
                end={link.to === '/'}
                label={t(`common.nav.${link.key}`)}
                active={link.to === '/' ? location.pathname === '/' : location.pathname.startsWith(link.to)}
              />
            ))}
            <Divider my="xs" />
            {viewer ? (
              <>
                <Text size="xs" c="dimmed" px="sm" pb={4} truncate data-testid="side-menu-viewer">
                  {t('common.session.signedInAs', { name: viewer.name })}
                </Text>
                {roleMenuItems(viewer.role).map((item) => {
                  const Icon = ROLE_ITEM_ICONS[item.key];
                  return (
                    <NavLink
                      key={item.to}
                      component={RouterNavLink}
                      to={item.to}
                      label={t(`common.nav.${item.key}`)}
                      leftSection={<Icon size={16} aria-hidden />}
                      active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
                      data-testid={`side-menu-${item.key}`}
                    />
                  );
                })}
                <Form method="post" action="/auth/sign-out">
                  <NavLink
                    component="button"
                    type="submit"
                    label={t('common.nav.signOut')}
                    leftSection={<IconLogout size={16} aria-hidden />}
                    data-testid="side-menu-sign-out"
                  />
                </Form>
              </>
            ) : (
              <NavLink
                component={RouterNavLink}
                to={`/auth?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
                label={t('common.nav.signIn')}
                leftSection={<IconLogin size={16} aria-hidden />}
                data-testid="side-menu-sign-in"
              />
            )}
          </div>
        </Paper>
      )}
    </div>
  );
}
