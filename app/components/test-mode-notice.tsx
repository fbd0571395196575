/**
 * "Test mode" on every page that takes a payment while the payment provider is in test mode —
 * the sandbox, or Stripe with a test key (decision 023): nobody mistakes a simulated charge for a
 * real one, in production with PAYMENT_PROVIDER=sandbox too. Texts in `common` (always loaded).
 */
import { Alert, Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';

/** A visible notice with a "Test mode" badge as its title; renders nothing when `testMode` is false. */
export function TestModeNotice({ testMode }: { testMode: boolean }) {
  const { t } = useTranslation();
  if (!testMode) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconFlask aria-hidden />}
      title={
        <Badge color="yellow.4" autoContrast component="span">
          {t('common.paymentsTestMode.title')}
        </Badge>
      }
      data-testid="payments-test-mode"
    >
      {t('common.paymentsTestMode.body')}
    </Alert>
  );
}
