/**
 * /vendor-signup (spec §2 "Vendor signup"): contractors apply to join the vendor network
 * (spec §1: a vendor network in 100+ countries). Applications are stored as pending vendors;
 * staff review them and account access follows approval. `?sent=1` is where a no-JavaScript
 * submission lands.
 */
import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconFileText, IconKey } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { data, redirect } from 'react-router';
import { isDocumentPost, readFormData } from '~/server/http/form.server';
import { VendorSignupForm } from '~/features/vendors/components/vendor-signup-form';
import { earliestTodayIso, readVendorSignupForm } from '~/features/vendors/vendors.schemas';
import { submitVendorApplication } from '~/features/vendors/vendors.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { MARKETING_FIGURES } from '~/lib/constants';
import { isHydrated } from '~/lib/hydration';
import { publicPageSeo } from '~/features/seo/seo.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { StepsPanel } from '~/components/steps-panel';
import type { Route } from './+types/vendor-signup';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return {
    sent: new URL(request.url).searchParams.get('sent') === '1',
    today: earliestTodayIso(),
    i18n: translations(lang, ['forms']),
    meta: { ...pageMeta(lang, 'forms.vendor.meta.title', 'forms.vendor.meta.description'), seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang }) },
  };
}

/**
 * Saves a vendor application (a pending vendor). Rate-limited first (spec §9 "default", 50 a
 * minute per client): a refusal answers 429 with Retry-After and saves nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const limited = await checkRateLimit({ context, request }, 'default');
  if (limited) return rateLimitedAnswer(limited);
  const locale = requestLanguage(request);
  const values = readVendorSignupForm(await readFormData(request));
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
          <StepsPanel prefix="forms.vendor.how" steps={steps} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
