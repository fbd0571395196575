/**
 * The settings forms of /admin/system (decision 019): booking fees, rent rules,
 * maintenance SLA targets (decision 026), company and contact details with office hours, and error
 * monitoring. Each is a real form (works without JavaScript) saved on its own; the server
 * validates again and answers field errors with the values typed.
 */
import { Checkbox, Fieldset, Grid, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { OFFICE_DAY_GROUPS } from '~/lib/office-hours';
import { hoursField, sectionValues, type SystemSection, type SystemSettingsView } from '../system.schemas';
import { showSuccessToast, useActionResult } from '~/components/forms/use-action-result';
import type { SystemActionResult } from '../system.page.server';
import { SettingsSection } from './settings-section';

type SectionProps = { settings: SystemSettingsView; result: SystemActionResult | undefined; done: SystemSection | null };

/** The section's form state: values (typed ones after a refusal), errors, outcome plumbing. */
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
  return { t, values, errors, frame };
}

function FeesSection(props: SectionProps) {
  const { t, values, errors, frame } = useSection('fees', props);
  return (
    <SettingsSection {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          name="applicationFee"
          label={t('ops.system.fees.applicationFee')}
          description={t('ops.system.fees.applicationFeeHint')}
          inputMode="decimal"
          leftSection="$"
          defaultValue={values.applicationFee}
          error={errors.applicationFee}
          data-testid="setting-applicationFee"
        />
        <TextInput
          name="depositMonths"
          label={t('ops.system.fees.depositMonths')}
          description={t('ops.system.fees.depositMonthsHint')}
          inputMode="decimal"
          defaultValue={values.depositMonths}
          error={errors.depositMonths}
          data-testid="setting-depositMonths"
        />
      </SimpleGrid>
    </SettingsSection>
  );
}

function RentSection(props: SectionProps) {
  const { t, values, errors, frame } = useSection('rent', props);
  return (
    <SettingsSection {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          name="rentDueDay"
          label={t('ops.system.rent.rentDueDay')}
          description={t('ops.system.rent.rentDueDayHint')}
          inputMode="numeric"
          defaultValue={values.rentDueDay}
          error={errors.rentDueDay}
          data-testid="setting-rentDueDay"
        />
        <TextInput
          name="rentGraceDays"
          label={t('ops.system.rent.rentGraceDays')}
          description={t('ops.system.rent.rentGraceDaysHint')}
          inputMode="numeric"
          defaultValue={values.rentGraceDays}
          error={errors.rentGraceDays}
          data-testid="setting-rentGraceDays"
        />
        <TextInput
          name="lateFee"
          label={t('ops.system.rent.lateFee')}
          description={t('ops.system.rent.lateFeeHint')}
          inputMode="decimal"
          leftSection="$"
          defaultValue={values.lateFee}
          error={errors.lateFee}
          data-testid="setting-lateFee"
        />
      </SimpleGrid>
    </SettingsSection>
  );
}

/** The maintenance SLA targets (decision 026): hours to the first staff response per priority. */
function MaintenanceSection(props: SectionProps) {
  const { t, values, errors, frame } = useSection('maintenance', props);
  const fields = ['slaEmergencyHours', 'slaUrgentHours', 'slaRoutineHours'] as const;
  return (
    <SettingsSection {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {fields.map((name) => (
          <TextInput
            key={name}
            name={name}
            label={t(`ops.system.maintenance.${name}`)}
            description={t('ops.system.maintenance.hoursHint')}
            inputMode="numeric"
            defaultValue={values[name]}
            error={errors[name]}
            data-testid={`setting-${name}`}
          />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}

function ContactSection(props: SectionProps) {
  const { t, values, errors, frame } = useSection('contact', props);
  return (
    <SettingsSection {...frame}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            name="companyName"
            label={t('ops.system.contact.companyName')}
            required
            defaultValue={values.companyName}
            error={errors.companyName}
            data-testid="setting-companyName"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            name="contactPhone"
            type="tel"
            label={t('ops.system.contact.contactPhone')}
            required
            defaultValue={values.contactPhone}
            error={errors.contactPhone}
            data-testid="setting-contactPhone"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            name="contactEmail"
            type="email"
            label={t('ops.system.contact.contactEmail')}
            required
            defaultValue={values.contactEmail}
            error={errors.contactEmail}
            data-testid="setting-contactEmail"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            name="contactAddress"
            label={t('ops.system.contact.contactAddress')}
            description={t('ops.system.contact.contactAddressHint')}
            defaultValue={values.contactAddress}
            error={errors.contactAddress}
            data-testid="setting-contactAddress"
          />
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
                  <TextInput
                    name={opens}
                    type="time"
                    label={t('ops.system.contact.opens')}
                    defaultValue={values[opens]}
                    error={errors[opens]}
                    data-testid={`setting-${opens}`}
                  />
                  <TextInput
                    name={closes}
                    type="time"
                    label={t('ops.system.contact.closes')}
                    defaultValue={values[closes]}
                    error={errors[closes]}
                    data-testid={`setting-${closes}`}
                  />
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
  const { t, values, errors, frame } = useSection('monitoring', props);
  const rates = ['tracesSampleRate', 'replaysSessionSampleRate', 'replaysOnErrorSampleRate'] as const;
  return (
    <SettingsSection {...frame}>
      <TextInput
        name="monitoringDsn"
        label={t('ops.system.monitoring.dsn')}
        description={t('ops.system.monitoring.dsnHint')}
        placeholder="https://…@o0.ingest.sentry.io/0"
        autoComplete="off"
        spellCheck={false}
        defaultValue={values.monitoringDsn}
        error={errors.monitoringDsn}
        data-testid="setting-monitoringDsn"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {rates.map((name) => (
          <TextInput
            key={name}
            name={name}
            label={t(`ops.system.monitoring.${name}`)}
            description={t('ops.system.monitoring.rateHint')}
            inputMode="decimal"
            defaultValue={values[name]}
            error={errors[name]}
            data-testid={`setting-${name}`}
          />
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
