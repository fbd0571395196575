/**
 * The back office's navigation (spec §2 admin routes): overview, every section, diagnostics. A
 * sticky column on wide screens, a horizontally scrolling row on narrow ones; plain links, so
 * it works without JavaScript and with the keyboard.
 */
import { NavLink, Paper, Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { ADMIN_NAV } from './admin-sections';
import classes from './admin-nav.module.css';

export function AdminNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Paper component="nav" withBorder p="xs" className={classes.navPaper} aria-label={t('admin.nav.label')} data-testid="admin-nav">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pb={4} visibleFrom="md">
        {t('admin.nav.title')}
      </Text>
      <div className={classes.nav}>
        {ADMIN_NAV.map((item) => {
          const Icon = item.icon;
          const active = item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <NavLink
              key={item.to}
              component={RouterNavLink}
              to={item.to}
              end={item.end}
              label={t(item.labelKey)}
              leftSection={<Icon size={16} aria-hidden />}
              active={active}
              // The filled look keeps the active item's label at AA contrast in both schemes.
              variant="filled"
              className={classes.navItem}
              data-testid={item.testId}
            />
          );
        })}
      </div>
    </Paper>
  );
}
