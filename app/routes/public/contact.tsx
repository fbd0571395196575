/**
 * /contact: contact details and office hours (spec §9; settings of /admin/system), the FAQ and the contact form
 * (spec §2 "Contact, with FAQ"). `?property=12` ties the inquiry to a listing; `?topic=vendor`
 * preselects the topic; `?sent=1` is where a no-JavaScript submission lands.
 */
import { Grid, Stack } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { ContactDetails } from '~/features/inquiries/components/contact-details';
import { ContactFaq } from '~/features/inquiries/components/contact-faq';
import { CONTACT_INTENTS, ContactForm, type ContactActionResult, type ContactIntent } from '~/features/inquiries/components/contact-form';
import { isContactTopic, parsePropertyParam, readContactForm } from '~/features/inquiries/contact.schemas';
import { submitContactInquiry } from '~/features/inquiries/contact.server';
import { describeOfficeHours, loadContactInfo } from '~/features/inquiries/contact-info.server';
import { handleFormAction, type FormCall } from '~/server/http/form-action.server';
import { findPublicProperty } from '~/features/listings/listings.server';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import { isHydrated } from '~/lib/hydration';
import { organizationJsonLd } from '~/features/seo/json-ld.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { PublicFormPage } from '~/components/public-form-page';
import type { Route } from './+types/contact';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const lang = requestLanguage(request);
  const propertyId = parsePropertyParam(params.get('property'));
  const [listing, contact] = await Promise.all([
    propertyId ? findPublicProperty({ db: context.db, id: propertyId, lang }) : null,
    loadContactInfo({ db: context.db }),
  ]);
  const topic = params.get('topic');
  const t = getT(lang);
  return {
    contact,
    property: listing ? { id: listing.id, title: listing.title } : null,
    topic: isContactTopic(topic) ? topic : listing ? ('leasing' as const) : undefined,
    sent: params.get('sent') === '1',
    i18n: translations(lang, ['forms']),
    meta: {
      title: t('forms.contact.meta.title'),
      description: t('forms.contact.meta.description', { company: contact.companyName, hours: describeOfficeHours(contact.officeHours, lang) }),
      // One page whatever the listing, topic or confirmation in the query.
      seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang, jsonLd: [organizationJsonLd({ publicUrl: context.publicUrl, contact })] }),
    },
  };
}

/**
 * Saves a contact inquiry (a new contact thread), through the page protocol (decision 037).
 * Rate-limited first (spec §9 "default", 50 a minute per client): a refusal answers 429 with
 * Retry-After and saves nothing. Invalid input answers 400 with a message per field and what was
 * typed; a success answers the toast's text, or 303 to `?sent=1` for a plain browser post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormAction(
    { request, context },
    { intents: CONTACT_INTENTS, defaultIntent: true, rateLimit: { action: 'default' } },
    async (call: FormCall<ContactIntent>) => {
      const values = readContactForm(call.form);
      const result = await submitContactInquiry({ db: context.db, input: values, locale: call.lang });
      if (!result.ok) call.invalid(result.errors, { status: result.status, values });
      context.logger.info({ threadId: result.threadId }, 'contact inquiry received');
      return call.done({ message: 'forms.contact.success', redirectTo: '/contact?sent=1' });
    },
  );
}

export const meta = loaderMeta;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // A browser that posted without JavaScript and sent no Sec-Fetch-Mode gets the data answer
  // rendered on the server: show the success message on the page then.
  const result = actionData as ContactActionResult | undefined;
  const sent = loaderData.sent || (result?.ok === true && !isHydrated());
  return (
    <PublicFormPage size="xl" title={t('forms.contact.title')} intro={t('forms.contact.subtitle')}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <ContactDetails contact={loaderData.contact} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <ContactForm result={result} property={loaderData.property} defaultTopic={loaderData.topic} sent={sent} />
        </Grid.Col>
      </Grid>
      <Stack mt={48} maw={880}>
        <ContactFaq />
      </Stack>
    </PublicFormPage>
  );
}
