/**
 * /vendor-signup (spec §2 "Vendor signup"): contractors apply to join the vendor network
 * (spec §1: a vendor network in 100+ countries). Applications are stored as pending vendors;
 * staff review them and account access follows approval. `?sent=1` is where a no-JavaScript
 * submission lands.
 */
import { Grid } from '@mantine/core';
import { IconClipboardCheck, IconFileText, IconKey } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { handleFormAction, type FormCall } from '~/server/http/form-action.server';
import {
  VENDOR_SIGNUP_INTENTS,
  VendorSignupForm,
  type VendorSignupActionResult,
  type VendorSignupIntent,
} from '~/features/vendors/components/vendor-signup-form';
import { earliestTodayIso, readVendorSignupForm } from '~/features/vendors/vendors.schemas';
import { submitVendorApplication } from '~/features/vendors/vendors.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { MARKETING_FIGURES } from '~/lib/constants';
import { isHydrated } from '~/lib/hydration';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { StepsPanel } from '~/components/steps-panel';
import { PublicFormPage } from '~/components/public-form-page';
import type { Route } from './+types/vendor-signup';

/** The sign-up form's single-value fields (the check-box groups post lists). */
const VENDOR_SIGNUP_TEXT_FIELDS = ['companyName', 'contactName', 'email', 'phone', 'website', 'insuranceExpiry', 'notes'];

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
 * Saves a vendor application (a pending vendor), through the page protocol (decision 037).
 * Rate-limited first (spec §9 "default", 50 a minute per client): a refusal answers 429 with
 * Retry-After and saves nothing. Invalid input answers 400, a known e-mail address 422, each with
 * messages by field and what was typed; a success answers the toast's text, or 303 to `?sent=1`
 * for a plain browser post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormAction(
    { request, context },
    // A rate-limit refusal echoes the text fields only; a refusal of the service, every value (lists as lists).
    { intents: VENDOR_SIGNUP_INTENTS, defaultIntent: true, rateLimit: { action: 'default' }, echo: VENDOR_SIGNUP_TEXT_FIELDS },
    async (call: FormCall<VendorSignupIntent>) => {
      const values = readVendorSignupForm(call.form);
      const result = await submitVendorApplication({ db: context.db, input: values, locale: call.lang });
      if (!result.ok) call.invalid(result.errors, { status: result.status, values });
      context.logger.info({ vendorId: result.vendorId }, 'vendor application received');
      return call.done({ message: 'forms.vendor.success.body', redirectTo: '/vendor-signup?sent=1' });
    },
  );
}

export const meta = loaderMeta;

export default function VendorSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData as VendorSignupActionResult | undefined;
  const sent = loaderData.sent || (result?.ok === true && !isHydrated());
  const steps = [
    { icon: IconFileText, key: 'apply' },
    { icon: IconClipboardCheck, key: 'review' },
    { icon: IconKey, key: 'access' },
  ] as const;
  return (
    <PublicFormPage
      size="xl"
      title={t('forms.vendor.title')}
      intro={t('forms.vendor.subtitle', { countries: MARKETING_FIGURES.vendorCountries })}
      introWidth={760}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <VendorSignupForm result={result} sent={sent} today={loaderData.today} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <StepsPanel prefix="forms.vendor.how" steps={steps} />
        </Grid.Col>
      </Grid>
    </PublicFormPage>
  );
}
