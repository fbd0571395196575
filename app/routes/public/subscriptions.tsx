/**
 * /subscriptions (spec §2 "Subscriptions"): listing alerts. The form saves an e-mail address
 * with a search (prefilled from `?capacity=&location=&minPrice=&maxPrice=`, the listing
 * search's names) and how often to write (at once, or a daily digest) for double opt-in. The
 * alert e-mails' links land here too: `?confirm=<token>` confirms; `?unsubscribe=<token>` asks
 * to confirm with a button (a POST: mail scanners open every link, and must not unsubscribe
 * anyone), and a mail client's one-click unsubscribe (RFC 8058: a POST of
 * `List-Unsubscribe=One-Click` to that URL) stops the alert at once.
 */
import { Grid, Stack } from '@mantine/core';
import { IconMailForward, IconSearch, IconBell } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { redirect } from 'react-router';
import { handleFormAction, type FormCall } from '~/server/http/form-action.server';
import { LinkNoticeAlert, type LinkNotice } from '~/features/listing-alerts/components/alert-link-notice';
import {
  ALERT_INTENTS,
  ListingAlertForm,
  subscribeMessageKeys,
  type AlertIntent,
  type ListingAlertActionResult,
  type SubscribeState,
} from '~/features/listing-alerts/components/listing-alert-form';
import { alertValuesFromQuery, readListingAlertForm } from '~/features/listing-alerts/listing-alerts.schemas';
import {
  confirmListingAlert,
  findAlertToUnsubscribe,
  subscribeToListingAlerts,
  unsubscribeListingAlert,
} from '~/features/listing-alerts/listing-alerts.server';
import { parseListingQuery } from '~/features/listings/listings.schemas';
import { listLocations } from '~/features/listings/listings.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { isHydrated } from '~/lib/hydration';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { StepsPanel } from '~/components/steps-panel';
import { PublicFormPage } from '~/components/public-form-page';
import type { Route } from './+types/subscriptions';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const lang = requestLanguage(request);
  let notice: LinkNotice | null = null;
  // The links in alert e-mails are plain GETs; an unsubscribe link only asks (see the action).
  if (params.has('unsubscribe')) {
    const token = params.get('unsubscribe');
    const found = await findAlertToUnsubscribe({ db: context.db, token });
    notice = { link: 'unsubscribe', ...found, ...(found.outcome === 'ask' && token ? { token } : {}) };
  } else if (params.get('unsubscribed') === 'done' || params.get('unsubscribed') === 'unknown') {
    notice = { link: 'unsubscribe', outcome: params.get('unsubscribed') === 'done' ? 'done' : 'unknown' };
  } else if (params.has('confirm')) {
    notice = { link: 'confirm', ...(await confirmListingAlert({ db: context.db, token: params.get('confirm') })) };
  }
  if (notice) context.logger.info({ link: notice.link, outcome: notice.outcome }, 'listing alert link used');
  const subscribedParam = params.get('subscribed');
  const subscribed: SubscribeState | null =
    subscribedParam === 'pending' || subscribedParam === 'confirmed' ? subscribedParam : null;
  const locations = await listLocations({ db: context.db });
  return {
    initial: alertValuesFromQuery(parseListingQuery(params)),
    notice,
    subscribed,
    locations: locations.map((location) => `${location.city}, ${location.state}`),
    i18n: translations(lang, ['forms', 'alerts']),
    // Confirm and unsubscribe tokens are left out of the canonical URL.
    meta: { ...pageMeta(lang, 'forms.alerts.meta.title', 'forms.alerts.meta.description'), seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang }) },
  };
}

/**
 * Saves a listing alert and e-mails its confirmation link (double opt-in), or stops one, through
 * the page protocol (decision 037). Rate-limited first (spec §9 "default", 50 a minute per
 * client): a refusal answers 429 with Retry-After, saves nothing and sends nothing. Invalid input
 * answers 400, too many alerts 422, each with messages by field and what was typed; a success
 * answers the toast's text and the alert's `state`, or 303 to `?subscribed=<state>` for a plain
 * browser post.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleFormAction(
    { request, context },
    { intents: ALERT_INTENTS, defaultIntent: true, rateLimit: { action: 'default' } },
    async (call: FormCall<AlertIntent>) => {
      // Stopping an alert: the page's button (`intent=unsubscribe`, `token`) or a mail client's
      // one-click POST to the e-mail's List-Unsubscribe URL (token in the query).
      if (call.intent === 'unsubscribe' || call.fields['List-Unsubscribe'] === 'One-Click') {
        const token = call.fields.token ?? new URL(request.url).searchParams.get('unsubscribe');
        const stopped = await unsubscribeListingAlert({ db: context.db, token });
        context.logger.info({ link: 'unsubscribe', outcome: stopped.outcome }, 'listing alert unsubscribed');
        return redirect(`/subscriptions?unsubscribed=${stopped.outcome === 'done' ? 'done' : 'unknown'}`, 303);
      }
      const values = readListingAlertForm(call.form);
      const result = await subscribeToListingAlerts({
        db: context.db,
        input: values,
        locale: call.lang,
        mailer: context.mailer,
        publicUrl: context.publicUrl,
        logger: context.logger,
      });
      if (!result.ok) call.invalid(result.errors, { status: result.status, values });
      context.logger.info({ alertId: result.alertId, created: result.created }, 'listing alert saved');
      return call.done({
        message: subscribeMessageKeys(result.status).body,
        redirectTo: `/subscriptions?subscribed=${result.status}`,
        extra: { state: result.status },
      });
    },
  );
}

export const meta = loaderMeta;

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { initial, notice, locations } = loaderData;
  const result = actionData as ListingAlertActionResult | undefined;
  const subscribed = loaderData.subscribed ?? (result?.ok === true && !isHydrated() ? result.state : null);
  const steps = [
    { icon: IconSearch, key: 'save' },
    { icon: IconMailForward, key: 'confirm' },
    { icon: IconBell, key: 'receive' },
  ] as const;
  return (
    <PublicFormPage size="lg" title={t('forms.alerts.title')} intro={t('forms.alerts.subtitle')}>
      {notice && (
        <Stack mb="xl">
          <LinkNoticeAlert notice={notice} />
        </Stack>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ListingAlertForm result={result} initial={initial} subscribed={subscribed} locations={locations} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <StepsPanel prefix="forms.alerts.how" steps={steps} />
        </Grid.Col>
      </Grid>
    </PublicFormPage>
  );
}
