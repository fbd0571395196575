/**
 * /vendor-signup (spec §2 "Vendor signup"): contractors apply to join the vendor network
 * (spec §1: a vendor network in 100+ countries). Applications are stored as pending vendors;
 * staff review them and account access follows approval. `?sent=1` is where a no-JavaScript
 * submission lands.
 */
import { Container, Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardCheck, IconFileText, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { isDocumentPost } from '~/server/form-errors.server';
import { VendorSignupForm } from '~/features/vendors/components/vendor-signup-form';
import { earliestTodayIso, readVendorSignupForm } from '~/features/vendors/vendors.schemas';
import { submitVendorApplication } from '~/features/vendors/vendors.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { MARKETING_FIGURES } from '~/lib/constants';
import { isHydrated } from '~/lib/hydration';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/vendor-signup';

export async function loader({ request }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return {
    sent: new URL(request.url).searchParams.get('sent') === '1',
    today: earliestTodayIso(),
    i18n: translations(lang, ['forms']),
    meta: pageMeta(lang, 'forms.vendor.meta.title', 'forms.vendor.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = requestLanguage(request);
  const values = readVendorSignupForm(await request.formData());
  const result = await submitVendorApplication({ db: context.db, input: values, locale });
  if (!result.ok) return data({ ok: false as const, errors: result.errors, values }, { status: result.status });
  context.logger.info({ vendorId: result.vendorId }, 'vendor application received');
  if (isDocumentPost(request)) return redirect('/vendor-signup?sent=1', 303);
  return { ok: true as const };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function VendorSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sent = loaderData.sent || (actionData?.ok === true && !isHydrated());
  const steps = [
    { icon: IconFileText, key: 'apply' },
    { icon: IconClipboardCheck, key: 'review' },
    { icon: IconKey, key: 'access' },
  ] as const;
  return (
    <Container size="xl" py="xl">
      <Stack gap={4} mb="xl">
        <Title order={1}>{t('forms.vendor.title')}</Title>
        <Text c="dimmed" maw={760}>
          {t('forms.vendor.subtitle', { countries: MARKETING_FIGURES.vendorCountries })}
        </Text>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <VendorSignupForm result={actionData} sent={sent} today={loaderData.today} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" component="section" aria-labelledby="vendor-how-title">
            <Title order={2} size="h4" id="vendor-how-title" mb="md">
              {t('forms.vendor.how.title')}
            </Title>
            <List spacing="md" listStyleType="none">
              {steps.map(({ icon: Icon, key }) => (
                <List.Item
                  key={key}
                  icon={
                    <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
                      <Icon size={18} />
                    </ThemeIcon>
                  }
                >
                  <Text fw={600}>{t(`forms.vendor.how.${key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`forms.vendor.how.${key}.body`)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
