/**
 * The 24/7 maintenance line (decision 027: "emergency requests show the 24/7 phone
 * line at once"): the company phone from the settings, as a `tel:` link. `prominent` is the red
 * alert shown when an emergency is chosen, submitted or waiting offline; otherwise one quiet line.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconPhone } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { telHref } from '~/features/inquiries/contact-info';

export function EmergencyLine({ phone, prominent = false, title }: { phone: string; prominent?: boolean; title?: string }) {
  const { t } = useTranslation();
  if (!prominent) {
    return (
      <Text size="sm" c="dimmed" data-testid="emergency-quiet">
        <IconPhone size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> {t('maintenance.emergency.quiet')}{' '}
        <Anchor href={telHref(phone)} fw={700} inherit>
          {phone}
        </Anchor>
      </Text>
    );
  }
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertTriangle aria-hidden />}
      title={title ?? t('maintenance.emergency.title')}
      role="alert"
      data-testid="emergency-line"
    >
      <Text size="sm">{t('maintenance.emergency.body')}</Text>
      <Text size="lg" mt={4}>
        <IconPhone size={18} aria-hidden style={{ verticalAlign: '-3px' }} />{' '}
        <Anchor href={telHref(phone)} fw={700} c="white" underline="always" data-testid="emergency-phone">
          {phone}
        </Anchor>
      </Text>
    </Alert>
  );
}
