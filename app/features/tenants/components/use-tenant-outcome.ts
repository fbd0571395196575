/**
 * The outcome of one tenant-page command on one lease: the action's answer when it concerns this
 * `intent` and `leaseId` (errors to show), a toast on success, and a fresh form (see
 * `useFormOutcome`).
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from '~/lib/i18n';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import type { TenantActionResult, TenantIntent } from '../tenants.types';

export function useTenantOutcome(result: TenantActionResult | undefined, intent: TenantIntent, leaseId: number) {
  const { t } = useTranslation();
  const mine = result && result.intent === intent && (result.leaseId === undefined || result.leaseId === leaseId) ? result : undefined;
  const { busy, formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (!outcome.ok) return;
    notifications.show({
      color: 'teal',
      title: t('tenants.done.title'),
      message: t(`tenants.done.${outcome.intent}`),
      closeButtonProps: { 'aria-label': t('tenants.done.close') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
      'data-testid': 'tenants-toast',
    });
  });
  const failed = mine && !mine.ok ? mine : undefined;
  return { busy, formRef, formKey, errors: failed?.errors ?? {}, values: failed?.values ?? {} };
}
