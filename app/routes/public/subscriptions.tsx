/**
 * /subscriptions (spec §2 "Subscriptions"): listing alerts. The form saves an e-mail address
 * with a search (prefilled from `?capacity=&location=&minPrice=&maxPrice=`, the listing
 * search's names) and how often to write (at once, or a daily digest) for double opt-in. The
 * alert e-mails' links land here too:
 * `?confirm=<token>` confirms, `?unsubscribe=<token>` stops the alert.
 */
import { Alert, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBellOff, IconCircleCheck, IconMailForward, IconSearch, IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { isDocumentPost, readFormData } from '~/server/form-errors.server';
import { describeCriteria } from '~/features/listing-alerts/components/criteria-summary';
import { ListingAlertForm, type SubscribeState } from '~/features/listing-alerts/components/listing-alert-form';
import { alertValuesFromQuery, readListingAlertForm } from '~/features/listing-alerts/listing-alerts.schemas';
import {
  confirmListingAlert,
  subscribeToListingAlerts,
  unsubscribeListingAlert,
  type AlertLinkOutcome,
} from '~/features/listing-alerts/listing-alerts.server';
import { checkRateLimit } from '~/features/accounts/accounts.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import { parseListingQuery } from '~/features/listings/listings.schemas';
import { listLocations } from '~/features/listings/listings.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { isHydrated } from '~/lib/hydration';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { StepsPanel } from '~/components/steps-panel';
import type { Route } from './+types/subscriptions';

type LinkNotice = AlertLinkOutcome & { link: 'unsubscribe' | 'confirm' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const lang = requestLanguage(request);
  let notice: LinkNotice | null = null;
  // The links in alert e-mails are plain GETs (a mail client cannot post).
  if (params.has('unsubscribe')) {
    notice = { link: 'unsubscribe', ...(await unsubscribeListingAlert({ db: context.db, token: params.get('unsubscribe') })) };
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
    meta: pageMeta(lang, 'forms.alerts.meta.title', 'forms.alerts.meta.description'),
  };
}

/**
 * Saves a listing alert and e-mails its confirmation link (double opt-in). Rate-limited first
 * (spec §9 "default", 50 a minute per client): a refusal answers 429 with Retry-After, saves
 * nothing and sends nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const limited = await checkRateLimit({ context, request }, 'default');
  if (limited) return rateLimitedAnswer(limited);
  const locale = requestLanguage(request);
  const values = readListingAlertForm(await readFormData(request));
  const result = await subscribeToListingAlerts({
    db: context.db,
    input: values,
    locale,
    mailer: context.mailer,
    publicUrl: context.publicUrl,
    logger: context.logger,
  });
  if (!result.ok) return data({ ok: false as const, errors: result.errors, values }, { status: result.status });
  context.logger.info({ alertId: result.alertId, created: result.created }, 'listing alert saved');
  if (isDocumentPost(request)) return redirect(`/subscriptions?subscribed=${result.status}`, 303);
  return { ok: true as const, state: result.status };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

function LinkNoticeAlert({ notice }: { notice: LinkNotice }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const search = notice.criteria ? describeCriteria(notice.criteria, t, lang) : null;
  if (notice.outcome === 'unknown') {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t(`forms.alerts.link.${notice.link}Unknown.title`)} data-testid="alert-link-notice">
        {t(`forms.alerts.link.${notice.link}Unknown.body`)}
      </Alert>
    );
  }
  if (notice.outcome === 'cancelled') {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t('forms.alerts.link.confirmCancelled.title')} data-testid="alert-link-notice">
        {t('forms.alerts.link.confirmCancelled.body')}
      </Alert>
    );
  }
  const done = notice.link === 'unsubscribe' ? 'unsubscribed' : 'confirmed';
  return (
    <Alert
      color="teal"
      icon={notice.link === 'unsubscribe' ? <IconBellOff aria-hidden /> : <IconCircleCheck aria-hidden />}
      title={t(`forms.alerts.link.${done}.title`)}
      data-testid="alert-link-notice"
    >
      {t(`forms.alerts.link.${done}.body`)}
      {search && (
        <Text size="sm" mt={4} fw={600}>
          {t('forms.alerts.link.search', { search })}
        </Text>
      )}
    </Alert>
  );
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { initial, notice, locations } = loaderData;
  const subscribed = loaderData.subscribed ?? (actionData?.ok === true && !isHydrated() ? actionData.state : null);
  const steps = [
    { icon: IconSearch, key: 'save' },
    { icon: IconMailForward, key: 'confirm' },
    { icon: IconBell, key: 'receive' },
  ] as const;
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="xl">
        <Title order={1}>{t('forms.alerts.title')}</Title>
        <Text c="dimmed" maw={720}>
          {t('forms.alerts.subtitle')}
        </Text>
      </Stack>
      {notice && (
        <Stack mb="xl">
          <LinkNoticeAlert notice={notice} />
        </Stack>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ListingAlertForm result={actionData} initial={initial} subscribed={subscribed} locations={locations} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <StepsPanel prefix="forms.alerts.how" steps={steps} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
