/**
 * The vendor's own profile form (decision 030 "trades, service states, contacts"):
 * contact name, phone, website, trades, countries and US states served. The company name and
 * e-mail are shown but fixed: staff approved them. A plain `<Form method="post">` (works without
 * JavaScript); with it, a toast on success and the first invalid field focused on failure.
 */
import { Alert, Divider, Grid, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { SubmitButton } from '~/components/icon-button';
import { Form } from 'react-router';
import type { VendorProfileActionResult, VendorSelfView } from '../vendor-admin.types';
import { useActionResult } from '~/components/forms/use-action-result';
import { VendorServiceFields } from './vendor-service-fields';
import { VendorWebsiteField } from './vendor-signup-form';
import { PersonNameField, PhoneField } from '~/components/forms/person-fields';
import { SectionCard } from '~/components/section-card';

type Props = { profile: VendorSelfView; result: VendorProfileActionResult | undefined };

function text(values: Record<string, string | string[]> | undefined, name: string, fallback: string): string {
  const value = values?.[name];
  return typeof value === 'string' ? value : fallback;
}

function list(values: Record<string, string | string[]> | undefined, name: string, fallback: string[]): string[] {
  const value = values?.[name];
  return Array.isArray(value) ? value : fallback;
}

export function VendorProfileForm({ profile, result }: Props) {
  const { t } = useTranslation();
  const { failed, errors, busy, formRef, formKey } = useActionResult(result, {
    intent: 'profile',
    toast: { title: 'vendors.done.title', testId: 'vendors-toast' },
  });
  const values = failed?.values;
  return (
    <SectionCard
      titleId="vendor-profile-form-title"
      title={t('vendors.profile.formTitle')}
      titleMb="xs"
      description={t('vendors.profile.fixed', { company: profile.companyName, email: profile.email })}
      data-testid="vendor-profile-form-section"
    >
      <Form method="post" preventScrollReset ref={formRef} key={formKey} noValidate data-testid="vendor-profile-form">
        <input type="hidden" name="intent" value="profile" />
        <Stack gap="lg">
          {errors.form && (
            <Alert color="red" role="alert" data-testid="vendor-profile-error">
              {errors.form}
            </Alert>
          )}
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PersonNameField
                name="contactName"
                label={t('forms.vendor.form.contactName')}
                defaultValue={text(values, 'contactName', profile.contactName)}
                errors={errors}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PhoneField
                name="phone"
                label={t('forms.vendor.form.phone')}
                required
                defaultValue={text(values, 'phone', profile.phone ?? '')}
                errors={errors}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <VendorWebsiteField defaultValue={text(values, 'website', profile.website ?? '')} error={errors.website} />
            </Grid.Col>
          </Grid>
          <Divider />
          <VendorServiceFields
            values={{
              trades: list(values, 'trades', profile.trades),
              serviceCountries: list(values, 'serviceCountries', profile.serviceCountries),
              serviceStates: list(values, 'serviceStates', profile.serviceStates),
            }}
            errors={errors}
          />
          <SubmitButton loading={busy} icon={IconDeviceFloppy} style={{ alignSelf: 'flex-start' }} testId="vendor-profile-save">
            {t('vendors.profile.save')}
          </SubmitButton>
        </Stack>
      </Form>
    </SectionCard>
  );
}
