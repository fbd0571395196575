/**
 * The staff steps a lease's status allows, each a real `<Form method="post">` carrying its
 * `intent` (works without JavaScript): a draft takes co-tenants and is sent; a signed lease is
 * countersigned; an active one gets a renewal offer (new end date, monthly rent in dollars).
 * Field messages come back translated from the action; the inputs keep what was typed.
 */
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSend, IconSignature, IconUserPlus, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, useNavigation } from 'react-router';
import { StepCard } from '~/components/step-card';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { LeaseStaffActionResult, LeaseStaffIntent } from '../lease-staff.page.server';
import type { LeaseSummary } from '../lease-queries.server';

type Props = { lease: LeaseSummary; maxSigners: number; result: LeaseStaffActionResult | undefined };

/** The co-tenant's fields: name and e-mail, with the lengths the server accepts. */
const CO_TENANT_FIELDS: { name: 'name' | 'email'; type?: 'email'; maxLength: number }[] = [
  { name: 'name', maxLength: 120 },
  { name: 'email', type: 'email', maxLength: 254 },
];

/** One step the lease allows: a level-3 `StepCard`. */
function Step(props: { id: string; title: string; hint?: ReactNode; children?: ReactNode }) {
  return <StepCard order={3} titleSize="h5" gap="xs" {...props} />;
}

/** A step that is one button: a post of `intent` and nothing else. */
function IntentButton({
  intent,
  color,
  icon,
  busy,
  children,
}: {
  intent: LeaseStaffIntent;
  color: string;
  icon: ReactNode;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" color={color} leftSection={icon} loading={busy}>
        {children}
      </Button>
    </Form>
  );
}

/** The day after an ISO date (UTC). */
function dayAfter(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function LeaseStaffActions({ lease, maxSigners, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigation = useNavigation();
  const busy = (intent: LeaseStaffIntent) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const failed = (intent: LeaseStaffIntent) => (result && !result.ok && result.intent === intent ? result : undefined);
  const coTenant = failed('add-co-tenant');
  const renewal = failed('offer-renewal');
  /** A field of a form that may have been refused (`failure`): its name, the value sent again (else `fallback`) and its error. */
  const echoedField = (failure: ReturnType<typeof failed>, name: string, fallback?: string) => ({
    name,
    defaultValue: failure?.values?.[name] ?? fallback,
    error: failure?.errors[name],
  });
  const steps: ReactNode[] = [];

  if (lease.status === 'draft') {
    const full = lease.signers.length >= maxSigners;
    steps.push(
      <Step
        key="co"
        id="lease-add-co-tenant"
        title={t('leases.actions.addCoTenant.title')}
        hint={full ? t('leases.actions.addCoTenant.full') : t('leases.actions.addCoTenant.hint')}
      >
        <Text size="sm">{t('leases.signers.count', { count: lease.signers.length, max: maxSigners })}</Text>
        {!full && (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="add-co-tenant" />
            <Stack gap="xs">
              {CO_TENANT_FIELDS.map((field) => (
                <TextInput
                  key={field.name}
                  {...echoedField(coTenant, field.name)}
                  type={field.type}
                  label={t(`leases.actions.addCoTenant.${field.name}`)}
                  required
                  autoComplete="off"
                  maxLength={field.maxLength}
                />
              ))}
              <Group>
                <Button
                  type="submit"
                  variant="default"
                  leftSection={<IconUserPlus size={16} aria-hidden />}
                  loading={busy('add-co-tenant')}
                >
                  {t('leases.actions.addCoTenant.submit')}
                </Button>
              </Group>
            </Stack>
          </Form>
        )}
      </Step>,
      <Step key="send" id="lease-send" title={t('leases.actions.send.title')} hint={t('leases.actions.send.hint')}>
        <IntentButton intent="send" color="blue.9" icon={<IconSend size={16} aria-hidden />} busy={busy('send')}>
          {t('leases.actions.send.submit')}
        </IntentButton>
      </Step>,
    );
  }

  if (lease.status === 'sent') {
    steps.push(
      <Step key="wait" id="lease-waiting" title={t('leases.actions.countersign.title')} hint={t('leases.actions.countersign.waiting')} />,
    );
  }

  if (lease.status === 'signed') {
    steps.push(
      <Step
        key="countersign"
        id="lease-countersign"
        title={t('leases.actions.countersign.title')}
        hint={t('leases.actions.countersign.hint')}
      >
        <IntentButton intent="countersign" color="teal.9" icon={<IconSignature size={16} aria-hidden />} busy={busy('countersign')}>
          {t('leases.actions.countersign.submit')}
        </IntentButton>
      </Step>,
    );
  }

  if (lease.status === 'active') {
    const start = dayAfter(lease.endDate);
    steps.push(
      <Step
        key="renewal"
        id="lease-renewal"
        title={t('leases.actions.renewal.title')}
        hint={t('leases.actions.renewal.hint', { start: formatIsoDate(start, lang) })}
      >
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="offer-renewal" />
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...echoedField(renewal, 'endDate')}
                type="date"
                label={t('leases.actions.renewal.endDate')}
                required
                min={dayAfter(start)}
              />
              <TextInput
                {...echoedField(renewal, 'monthlyRent', (lease.monthlyRentCents / 100).toFixed(2))}
                label={t('leases.actions.renewal.monthlyRent')}
                description={t('leases.actions.renewal.monthlyRentHint')}
                required
                inputMode="decimal"
                autoComplete="off"
                maxLength={16}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" color="blue.9" leftSection={<IconRefresh size={16} aria-hidden />} loading={busy('offer-renewal')}>
                {t('leases.actions.renewal.submit')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Step>,
    );
  }

  if (steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('leases.actions.none')}
      </Text>
    );
  }
  return <SimpleGrid cols={{ base: 1, md: steps.length > 1 ? 2 : 1 }}>{steps}</SimpleGrid>;
}
