/**
 * The notification bell of the top bar (spec §2 chrome "Notification list with unread badge",
 * §4 "Notification", §8 "Failed to load notifications"): for signed-in users only. The badge
 * shows the unread count ("99+" above 99); the popover lists the 50 most recent, newest first,
 * with their type icon and age ("Just now", "3 hours ago", "2 days ago", then the date).
 * Clicking one marks it read and follows its link (paths on this site only); "Mark all read"
 * marks them all. The list updates live (realtime events) and reloads when the popover opens.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell, IconBellOff, IconChecks, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useNavigate } from 'react-router';
import { useLanguage } from '~/lib/use-language';
import type { NotificationView } from '~/server/realtime/events.server';
import { badgeLabel } from '../badge-label';
import type { BellState } from '../bell-state';
import { internalPath } from '../notifications.schemas';
import { formatRelativeTime } from '../relative-time';
import { TYPE_COLORS, TYPE_ICONS } from './notification-type';
import { useNotifications } from './use-notifications';
import classes from './notifications.module.css';
import { ROUND_ICON } from '~/lib/theme';

/** Time labels are recomputed this often while the list is open. */
const CLOCK_TICK_MS = 60_000;
const LOAD_FAILED_TOAST_ID = 'notifications-load-failed';

/** The bell with its unread badge and popover list; render it for a signed-in viewer only. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const titleId = useId();

  const onLoadFailed = useCallback(() => {
    toasts.show({
      id: LOAD_FAILED_TOAST_ID,
      color: 'red',
      title: t('common.toast.error'),
      message: t('notifications.bell.loadFailed'),
      closeButtonProps: { 'aria-label': t('common.toast.dismiss') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    });
  }, [t]);
  const { state, live, load, markRead, markAllRead } = useNotifications({ onLoadFailed });

  useEffect(() => {
    if (opened) void load();
  }, [opened, load]);

  const open = (item: NotificationView) => {
    if (!item.read) markRead(item.id);
    setOpened(false);
    const path = internalPath(item.actionUrl);
    if (path) void navigate(path);
  };

  const badge = badgeLabel(state.unread);
  const label = state.unread > 0 ? t('notifications.bell.labelUnread', { count: state.unread }) : t('notifications.bell.label');
  return (
    <Indicator
      // The button's name carries the count; the badge is for the eye.
      label={
        badge && (
          <span aria-hidden data-testid="notification-badge">
            {badge}
          </span>
        )
      }
      disabled={!badge}
      size={18}
      offset={4}
      color="red"
      inline
      zIndex={2}
      classNames={{ indicator: classes.badge }}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(380px, calc(100vw - 16px))"
        shadow="lg"
        radius="md"
        trapFocus
        returnFocus
        offset={10}
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            title={t('notifications.bell.label')}
            // A controlled popover leaves the target's clicks to us.
            onClick={() => setOpened((current) => !current)}
            data-testid="notification-bell"
            data-unread={state.unread}
            data-status={state.status}
            data-live={live}
          >
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-labelledby={titleId} data-testid="notification-panel">
          <Group justify="space-between" gap="xs" px="md" py="sm" className={classes.header}>
            <Text component="h2" fw={700} size="md" m={0} id={titleId}>
              {t('notifications.bell.title')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={16} aria-hidden />}
              // Disabled without losing focus (a disabled button would drop it out of the dialog,
              // where Escape no longer reaches the popover).
              onClick={() => {
                if (state.unread > 0) markAllRead();
              }}
              data-disabled={state.unread === 0 || undefined}
              aria-disabled={state.unread === 0}
              data-testid="notification-mark-all"
            >
              {t('notifications.bell.markAllRead')}
            </Button>
          </Group>
          <NotificationPanelBody state={state} onRetry={() => void load()} onOpen={open} />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function NotificationPanelBody({
  state,
  onRetry,
  onOpen,
}: {
  state: BellState;
  onRetry: () => void;
  onOpen: (item: NotificationView) => void;
}) {
  const { t } = useTranslation();
  const { status, items } = state;
  return (
    <>
      {status === 'error' && (
        <Alert color="red" variant="light" radius={0} role="alert" data-testid="notification-error">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{t('notifications.bell.loadFailed')}</Text>
            <Button size="compact-sm" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
              {t('notifications.bell.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {status === 'loading' && items.length === 0 && (
        <Group justify="center" gap="xs" py="xl" role="status" data-testid="notification-loading">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('notifications.bell.loading')}
          </Text>
        </Group>
      )}
      {status === 'ready' && items.length === 0 && (
        <Stack align="center" gap={4} py="xl" px="md" data-testid="notification-empty">
          <IconBellOff size={28} aria-hidden className={classes.emptyIcon} />
          <Text fw={600}>{t('notifications.bell.emptyTitle')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('notifications.bell.emptyBody')}
          </Text>
        </Stack>
      )}
      {items.length > 0 && (
        <ScrollArea.Autosize mah="min(420px, calc(100dvh - 160px))" type="auto" offsetScrollbars={false}>
          <ul className={classes.list} data-testid="notification-list">
            {items.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </ScrollArea.Autosize>
      )}
    </>
  );
}

function NotificationItem({ item, onOpen }: { item: NotificationView; onOpen: (item: NotificationView) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const now = useNow();
  const TypeIcon = TYPE_ICONS[item.type];
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={!item.read || undefined}
      onClick={() => onOpen(item)}
      data-testid="notification-item"
      data-id={item.id}
    >
      <ThemeIcon style={ROUND_ICON} variant="light" color={TYPE_COLORS[item.type]} size="md" aria-hidden>
        <TypeIcon size={16} />
      </ThemeIcon>
      <span className={classes.itemBody}>
        <VisuallyHidden>{t(`notifications.types.${item.type}`)}: </VisuallyHidden>
        <Text component="span" size="sm" fw={item.read ? 500 : 700} className={classes.itemTitle} data-testid="notification-title">
          {item.title}
        </Text>
        <Text component="span" size="sm" c="dimmed" className={classes.itemMessage}>
          {item.message}
        </Text>
        <Text component="span" size="xs" c="dimmed" className={classes.itemTime}>
          <time dateTime={item.createdAt} data-testid="notification-time">
            {formatRelativeTime(item.createdAt, now, t, lang)}
          </time>
        </Text>
      </span>
      {!item.read && (
        <span className={classes.unreadDot}>
          <VisuallyHidden>{t('notifications.bell.unread')}</VisuallyHidden>
        </span>
      )}
    </UnstyledButton>
  );
}

/** The current time, renewed every minute while mounted (the list is mounted only while open). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
