/**
 * The side menu's open panel (spec §2 chrome): the public pages, then the signed-in user's
 * portals and sign-out, or sign-in. Loaded by side-menu.tsx when the menu opens.
 */
import { Divider, NavLink, Paper, Text } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconBuildingEstate,
  IconDashboard,
  IconLogin,
  IconLogout,
  IconShieldLock,
  IconTool,
} from '@tabler/icons-react';
import { Form, NavLink as RouterNavLink, useLocation } from 'react-router';
import { roleMenuItems } from '~/lib/access';
import { SIDE_MENU_LINKS } from '~/lib/constants';
import { useTranslation } from '~/lib/i18n';
import type { ChromeViewer } from './side-menu';
import classes from './chrome.module.css';

const ROLE_ITEM_ICONS = {
  dashboard: IconDashboard,
  portal: IconBuildingCommunity,
  vendor: IconTool,
  owner: IconBuildingEstate,
  admin: IconShieldLock,
} as const;

export default function SideMenuPanel({ viewer }: { viewer: ChromeViewer }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
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
  );
}
