/**
 * The staff commands on one lease (decision 020): add a charge or a credit, record an
 * offline payment (check, cash, bank transfer, with its reference), notify the tenants, and —
 * for an active lease — end it with the move-out date and itemised deposit deductions. Plain
 * `<Form method="post">` forms: they work without JavaScript (the page answers with a 303 back),
 * and with it they show a toast and the page re-renders with the new ledger.
 */
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import {
  CHARGE_DESCRIPTION_MAX,
  CHARGE_KINDS,
  DEDUCTIONS_MAX,
  NOTIFY_MESSAGE_MAX,
  NOTIFY_TITLE_MAX,
  OFFLINE_METHODS,
  REFERENCE_MAX,
} from '../tenants.schemas';
import type { TenantActionResult, TenantIntent, TenantLease } from '../tenants.types';
import { useActionResult } from '~/components/forms/use-action-result';
import { SectionCard } from '~/components/section-card';

type FormProps = { lease: TenantLease; result: TenantActionResult | undefined; today: string };

/** One lease's form of `intent` (decision 037): its answer, busy state and toast. */
function useTenantForm(result: TenantActionResult | undefined, intent: TenantIntent, leaseId: number) {
  return useActionResult(result, {
    intent,
    key: String(leaseId),
    keyField: 'leaseId',
    toast: { title: 'tenants.done.title', testId: 'tenants-toast' },
  });
}

function text(values: Record<string, string | string[]>, name: string, fallback = ''): string {
  const value = values[name];
  return typeof value === 'string' ? value : fallback;
}

type TenantForm = ReturnType<typeof useTenantForm>;

/**
 * The props that tie a field to its form by `name`: the value sent again after a refusal (else
 * `fallback`) and the field's error. Spread them on a `TextInput`, `Textarea` or `NativeSelect`.
 */
function bound(form: TenantForm, name: string, fallback = '') {
  return { name, defaultValue: text(form.values, name, fallback), error: form.errors[name] };
}

/** The card of one command: its title, the form (intent and lease as hidden fields), the refusal, the fields and the submit button. */
function ActionCard({
  intent,
  lease,
  form,
  children,
}: {
  intent: TenantIntent;
  lease: TenantLease;
  form: TenantForm;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `${intent}-${lease.id}`;
  return (
    <SectionCard titleId={`${id}-title`} title={t(`tenants.actions.${intent}.title`)} order={4} titleSize={null} p="md">
      <Form method="post" preventScrollReset ref={form.formRef} key={form.formKey} data-testid={`form-${intent}`} noValidate>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="leaseId" value={lease.id} />
        <Stack gap="sm">
          {form.errors.form && (
            <Alert color="red" role="alert" data-testid={`${intent}-error`}>
              {form.errors.form}
            </Alert>
          )}
          {children}
          <Group>
            <Button type="submit" loading={form.busy} data-testid={`${intent}-submit`}>
              {t(`tenants.actions.${intent}.submit`)}
            </Button>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  );
}

/** The amount field of a charge or a payment (dollars and cents, as typed). */
function AmountField({ form }: { form: TenantForm }) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...bound(form, 'amount')}
      label={t('tenants.actions.amount')}
      description={t('tenants.actions.amountHint')}
      inputMode="decimal"
      required
    />
  );
}

function AddChargeForm({ lease, result, today }: FormProps) {
  const { t } = useTranslation();
  const form = useTenantForm(result, 'add-charge', lease.id);
  return (
    <ActionCard intent="add-charge" lease={lease} form={form}>
      <NativeSelect
        {...bound(form, 'kind', 'other')}
        label={t('tenants.actions.add-charge.kind')}
        data={CHARGE_KINDS.map((kind) => ({ value: kind, label: t(`tenants.chargeKind.${kind}`) }))}
      />
      <AmountField form={form} />
      <TextInput {...bound(form, 'dueDate', today)} type="date" label={t('tenants.actions.add-charge.dueDate')} required />
      <TextInput {...bound(form, 'description')} label={t('tenants.actions.add-charge.description')} maxLength={CHARGE_DESCRIPTION_MAX} />
    </ActionCard>
  );
}

function RecordPaymentForm({ lease, result }: FormProps) {
  const { t } = useTranslation();
  const form = useTenantForm(result, 'record-payment', lease.id);
  return (
    <ActionCard intent="record-payment" lease={lease} form={form}>
      <AmountField form={form} />
      <NativeSelect
        {...bound(form, 'method', 'check')}
        label={t('tenants.actions.record-payment.method')}
        data={OFFLINE_METHODS.map((method) => ({ value: method, label: t(`tenants.method.${method}`) }))}
      />
      <TextInput {...bound(form, 'reference')} label={t('tenants.actions.record-payment.reference')} maxLength={REFERENCE_MAX} />
    </ActionCard>
  );
}

function NotifyForm({ lease, result }: FormProps) {
  const { t } = useTranslation();
  const form = useTenantForm(result, 'notify', lease.id);
  return (
    <ActionCard intent="notify" lease={lease} form={form}>
      <TextInput {...bound(form, 'title')} label={t('tenants.actions.notify.subject')} required maxLength={NOTIFY_TITLE_MAX} />
      <Textarea
        {...bound(form, 'message')}
        label={t('tenants.actions.notify.message')}
        required
        maxLength={NOTIFY_MESSAGE_MAX}
        autosize
        minRows={3}
      />
    </ActionCard>
  );
}

function EndLeaseForm({ lease, result, today }: FormProps) {
  const { t } = useTranslation();
  const form = useTenantForm(result, 'end-lease', lease.id);
  const { errors, values } = form;
  const descriptions = Array.isArray(values.deductionDescription) ? values.deductionDescription : [];
  const amounts = Array.isArray(values.deductionAmount) ? values.deductionAmount : [];
  const [rows, setRows] = useState(Math.min(DEDUCTIONS_MAX, Math.max(3, descriptions.length, amounts.length)));
  return (
    <ActionCard intent="end-lease" lease={lease} form={form}>
      <Text size="sm">{t('tenants.actions.end-lease.body')}</Text>
      <TextInput {...bound(form, 'moveOutDate', today)} type="date" label={t('tenants.actions.end-lease.moveOutDate')} required />
      <Stack gap="xs" role="group" aria-labelledby={`deductions-${lease.id}`}>
        <Text fw={600} size="sm" id={`deductions-${lease.id}`}>
          {t('tenants.actions.end-lease.deductions', { max: DEDUCTIONS_MAX })}
        </Text>
        {errors.deductions && (
          <Text c="red" size="sm" role="alert" data-testid="deductions-error">
            {errors.deductions}
          </Text>
        )}
        {Array.from({ length: rows }, (_, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              name="description"
              label={t('tenants.actions.end-lease.deductionDescription', { n: i + 1 })}
              maxLength={CHARGE_DESCRIPTION_MAX}
              defaultValue={descriptions[i] ?? ''}
              error={errors[`deduction.${i}.description`]}
              style={{ flex: '2 1 180px' }}
            />
            <TextInput
              name="amount"
              label={t('tenants.actions.end-lease.deductionAmount', { n: i + 1 })}
              inputMode="decimal"
              defaultValue={amounts[i] ?? ''}
              error={errors[`deduction.${i}.amount`]}
              style={{ flex: '1 1 110px' }}
            />
          </Group>
        ))}
        {rows < DEDUCTIONS_MAX && (
          <Group>
            <Button
              type="button"
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setRows((n) => Math.min(DEDUCTIONS_MAX, n + 1))}
            >
              {t('tenants.actions.end-lease.addDeduction')}
            </Button>
          </Group>
        )}
      </Stack>
    </ActionCard>
  );
}

export function TenantActionForms({ lease, result, today }: FormProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <AddChargeForm lease={lease} result={result} today={today} />
      <RecordPaymentForm lease={lease} result={result} today={today} />
      <NotifyForm lease={lease} result={result} today={today} />
      {lease.status === 'active' && <EndLeaseForm lease={lease} result={result} today={today} />}
    </SimpleGrid>
  );
}
