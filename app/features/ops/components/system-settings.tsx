/**
 * The settings forms of /admin/system (decision 019): booking fees, rent rules,
 * maintenance SLA targets (decision 026), company and contact details with office hours, and error
 * monitoring. Each is a real form (works without JavaScript) saved on its own; the server
 * validates again and answers field errors with the values typed.
 */
import { Checkbox, Fieldset, Grid, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { LATE_FEE_FREQUENCIES, LATE_FEE_KINDS } from '~/lib/late-fees';
import { OFFICE_DAY_GROUPS } from '~/lib/office-hours';
import { hoursField, sectionValues, type SystemSection, type SystemSettingsView } from '../system.schemas';
import { showSuccessToast, useActionResult } from '~/components/forms/use-action-result';
import type { SystemActionResult } from '../system.page.server';
import { SettingsSection } from './settings-section';

type SectionProps = { settings: SystemSettingsView; result: SystemActionResult | undefined; done: SystemSection | null };

/** The section's form state: values (typed ones after a refusal), each field's props, outcome plumbing. */
function useSection(section: SystemSection, { settings, result, done }: SectionProps) {
  const { t } = useTranslation();
  // The toast is worded here: saved, or nothing changed.
  const outcome = useActionResult(result, {
    intent: section,
    toast: false,
    onSuccess: (ok) => showSuccessToast(t, t(ok.changed === 0 ? 'ops.system.unchanged' : 'ops.system.saved'), { testId: 'ops-toast' }),
  });
  // A section's fields are single-valued: its echoed values are strings.
  const values = (outcome.failed?.values as Record<string, string> | undefined) ?? sectionValues(section, settings);
  const errors = outcome.errors;
  const frame = {
    section,
    title: t(`ops.system.${section}.title`),
    description: t(`ops.system.${section}.description`),
    formRef: outcome.formRef,
    // Uncontrolled fields: a new key when the values to show change (a save, a refusal).
    formKey: JSON.stringify(values),
    busy: outcome.busy,
    formError: errors.form,
    saved: done === section && !outcome.result,
  };
  /** A field's name, label (`ops.system.<section>.<name>` unless given), value, error and test id. */
  const field = (name: string, label = t(`ops.system.${section}.${name}`)) => ({
    name,
    label,
    defaultValue: values[name],
    error: errors[name],
    'data-testid': `setting-${name}`,
  });
  return { t, values, field, frame };
}

function FeesSection(props: SectionProps) {
  const { t, field, frame } = useSection('fees', props);
  return (
    <SettingsSection {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...field('applicationFee')} description={t('ops.system.fees.applicationFeeHint')} inputMode="decimal" leftSection="$" />
        <TextInput {...field('depositMonths')} description={t('ops.system.fees.depositMonthsHint')} inputMode="decimal" />
      </SimpleGrid>
    </SettingsSection>
  );
}

function RentSection(props: SectionProps) {
  const { t, field, frame } = useSection('rent', props);
  return (
    <SettingsSection {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput {...field('rentDueDay')} description={t('ops.system.rent.rentDueDayHint')} inputMode="numeric" />
        <TextInput {...field('rentGraceDays')} description={t('ops.system.rent.rentGraceDaysHint')} inputMode="numeric" />
        <TextInput {...field('lateFee')} description={t('ops.system.rent.lateFeeHint')} inputMode="decimal" leftSection="$" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          {...field('lateFeeKind')}
          description={t('ops.system.rent.lateFeeKindHint')}
          data={LATE_FEE_KINDS.map((kind) => ({ value: kind, label: t(`ops.system.rent.lateFeeKinds.${kind}`) }))}
        />
        <NativeSelect
          {...field('lateFeeFrequency')}
          description={t('ops.system.rent.lateFeeFrequencyHint')}
          data={LATE_FEE_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`common.lateFee.frequencies.${frequency}`) }))}
        />
        <TextInput
          {...field('lateFeePercent')}
          description={t('ops.system.rent.lateFeePercentHint')}
          inputMode="decimal"
          rightSection="%"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput {...field('lateFeeCap')} description={t('ops.system.rent.capHint')} inputMode="decimal" leftSection="$" />
        <TextInput {...field('lateFeeCapPercent')} description={t('ops.system.rent.capHint')} inputMode="decimal" rightSection="%" />
        <TextInput
          {...field('returnedPaymentFee')}
          description={t('ops.system.rent.returnedPaymentFeeHint')}
          inputMode="decimal"
          leftSection="$"
        />
      </SimpleGrid>
    </SettingsSection>
  );
}

/** The maintenance SLA targets (decision 026): hours to the first staff response per priority. */
function MaintenanceSection(props: SectionProps) {
  const { t, field, frame } = useSection('maintenance', props);
  const fields = ['slaEmergencyHours', 'slaUrgentHours', 'slaRoutineHours'] as const;
  return (
    <SettingsSection {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {fields.map((name) => (
          <TextInput key={name} {...field(name)} description={t('ops.system.maintenance.hoursHint')} inputMode="numeric" />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}

function ContactSection(props: SectionProps) {
  const { t, values, field, frame } = useSection('contact', props);
  return (
    <SettingsSection {...frame}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...field('companyName')} required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...field('contactPhone')} type="tel" required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...field('contactEmail')} type="email" required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...field('contactAddress')} description={t('ops.system.contact.contactAddressHint')} />
        </Grid.Col>
      </Grid>
      <Fieldset legend={t('ops.system.contact.hours')} variant="unstyled" data-testid="setting-office-hours">
        <Text size="xs" c="dimmed" mb="xs">
          {t('ops.system.contact.hoursHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
          {OFFICE_DAY_GROUPS.map((group) => {
            const closed = hoursField(group, 'closed');
            const opens = hoursField(group, 'opens');
            const closes = hoursField(group, 'closes');
            return (
              <Fieldset key={group} legend={t(`ops.system.contact.groups.${group}`)} data-testid={`setting-hours-${group}`}>
                <Checkbox
                  name={closed}
                  label={t('ops.system.contact.closed')}
                  defaultChecked={values[closed] === 'on'}
                  mb="xs"
                  data-testid={`setting-${closed}`}
                />
                <SimpleGrid cols={{ base: 2, lg: 1 }} spacing="xs">
                  <TextInput {...field(opens, t('ops.system.contact.opens'))} type="time" />
                  <TextInput {...field(closes, t('ops.system.contact.closes'))} type="time" />
                </SimpleGrid>
              </Fieldset>
            );
          })}
        </SimpleGrid>
      </Fieldset>
    </SettingsSection>
  );
}

function MonitoringSection(props: SectionProps) {
  const { t, field, frame } = useSection('monitoring', props);
  const rates = ['tracesSampleRate', 'replaysSessionSampleRate', 'replaysOnErrorSampleRate'] as const;
  return (
    <SettingsSection {...frame}>
      <TextInput
        {...field('monitoringDsn', t('ops.system.monitoring.dsn'))}
        description={t('ops.system.monitoring.dsnHint')}
        placeholder="https://…@o0.ingest.sentry.io/0"
        autoComplete="off"
        spellCheck={false}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {rates.map((name) => (
          <TextInput key={name} {...field(name)} description={t('ops.system.monitoring.rateHint')} inputMode="decimal" />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}

export function SystemSettings(props: SectionProps) {
  return (
    <>
      <FeesSection {...props} />
      <RentSection {...props} />
      <MaintenanceSection {...props} />
      <ContactSection {...props} />
      <MonitoringSection {...props} />
    </>
  );
}
