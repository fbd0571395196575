/**
 * How each notification type looks (spec §3: success, warning, error, other/info): its icon and
 * colour, shared by the bell and the broadcast history. Client-safe.
 */
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle, type Icon } from '@tabler/icons-react';
import type { NotificationType } from '../notifications.schemas';

/** The icon of each type. */
export const TYPE_ICONS: Record<NotificationType, Icon> = {
  success: IconCircleCheck,
  warning: IconAlertTriangle,
  error: IconAlertCircle,
  info: IconInfoCircle,
};

/** The Mantine colour of each type. */
export const TYPE_COLORS: Record<NotificationType, string> = {
  success: 'teal',
  warning: 'yellow',
  error: 'red',
  info: 'blue',
};
