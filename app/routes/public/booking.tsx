/**
 * /booking/{digits}: the entry of the application flow (spec §2). The full three-step flow comes
 * with the applications issue; until then this page confirms the home and routes the applicant to
 * the leasing team. Non-digit or unknown ids answer 404.
 */
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { StatusBadge } from '~/features/listings/components/status-badge';
import { findPublicProperty } from '~/features/listings/listings.server';
import { formatUsd } from '~/lib/format';
import { translations } from '~/i18n/resources.server';
import { metaTags } from '~/lib/meta';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import type { Route } from './+types/booking';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseDigitsId(params.id);
  const lang = requestLanguage(request);
  const property = await findPublicProperty({ db: context.db, id, lang });
  if (!property) throw data(null, { status: 404 });
  return { property, i18n: translations(lang, ['listings']), meta: { title: `${property.title} · Dimora` } };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Booking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { property } = loaderData;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl">
        <Stack>
          <Title order={1} size="h2">
            {t('listings.booking.title', { title: property.title })}
          </Title>
          <Group>
            <Text fw={600}>{formatUsd(property.price, lang)}{t('listings.card.perMonth')}</Text>
            <Text c="dimmed">
              {property.city}, {property.state}
            </Text>
            <StatusBadge status={property.status} />
          </Group>
          <Text>{t('listings.booking.intro')}</Text>
          <Group>
            <Button component={Link} to={`/contact?property=${property.id}`}>
              {t('listings.booking.contact')}
            </Button>
            <Button component={Link} to={`/property/${property.id}`} variant="default">
              {t('listings.detail.back')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
