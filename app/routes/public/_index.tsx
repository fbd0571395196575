/**
 * / (spec §1, §2): hero, the four marketing figures, six featured available listings, the six
 * services, and a closing call to action.
 */
import { Anchor, Button, Container, EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBellRinging, IconHome } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { ListingCard } from '~/features/listings/components/listing-card';
import { findFeaturedListings } from '~/features/listings/listings.server';
import { CtaBand } from '~/features/marketing/components/cta-band';
import { HomeHero } from '~/features/marketing/components/home-hero';
import { MarketingFigures } from '~/features/marketing/components/marketing-figures';
import { ServiceCards } from '~/features/marketing/components/service-cards';
import classes from '~/features/marketing/marketing.module.css';
import { pagesTranslations } from '~/features/marketing/translations.server';
import { pageMeta } from '~/i18n/translate.server';
import { loadContactInfo } from '~/features/inquiries/contact-info.server';
import { organizationJsonLd } from '~/features/seo/json-ld.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { MarketingSection } from '~/features/marketing/components/marketing-section';
import type { Route } from './+types/_index';

const FEATURED_COUNT = 6;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const [featured, contact] = await Promise.all([
    findFeaturedListings({ db: context.db, lang, limit: FEATURED_COUNT }),
    loadContactInfo({ db: context.db }),
  ]);
  return {
    featured,
    i18n: pagesTranslations(lang, ['home', 'figures', 'services', 'cta'], ['listings']),
    meta: {
      ...pageMeta(lang, 'pages.meta.homeTitle', 'pages.meta.homeDescription'),
      seo: publicPageSeo({
        request,
        publicUrl: context.publicUrl,
        language: lang,
        image: featured[0]?.imageUrls[0],
        jsonLd: [organizationJsonLd({ publicUrl: context.publicUrl, contact })],
      }),
    },
  };
}

export const meta = loaderMeta;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { featured } = loaderData;
  return (
    <>
      <HomeHero />

      <MarketingSection id="home-figures" title={t('pages.figures.title')} subtitle={t('pages.figures.subtitle')} belowFold>
        <MarketingFigures />
      </MarketingSection>

      <section className={`${classes.sectionAlt} ${classes.belowFold}`} aria-labelledby="home-featured">
        <Container size="xl">
          <Group justify="space-between" align="flex-end" mb="xl" gap="md">
            <Stack gap={6}>
              <Title order={2} id="home-featured">
                {t('pages.home.featuredTitle')}
              </Title>
              <Text size="lg">{t('pages.home.featuredSubtitle')}</Text>
            </Stack>
            {featured.length > 0 && (
              <Anchor component={Link} to="/apartments" fw={600}>
                <Group gap={4} component="span">
                  {t('pages.home.featuredAll')}
                  <IconArrowRight size={16} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Group>
          {featured.length > 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="featured-listings">
              {featured.map((listing) => (
                <ListingCard key={listing.id} listing={listing} />
              ))}
            </SimpleGrid>
          ) : (
            <Paper withBorder radius="lg" p="xl" data-testid="featured-listings-empty">
              <EmptyState icon={<IconHome size={30} aria-hidden />} variant="light">
                <EmptyState.Title order={3}>{t('pages.home.featuredEmptyTitle')}</EmptyState.Title>
                <EmptyState.Description>{t('pages.home.featuredEmptyBody')}</EmptyState.Description>
                <EmptyState.Actions>
                  <Button component={Link} to="/subscriptions" leftSection={<IconBellRinging size={18} aria-hidden />}>
                    {t('pages.home.featuredEmptyAction')}
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            </Paper>
          )}
        </Container>
      </section>

      <MarketingSection id="home-services" title={t('pages.home.servicesTitle')} subtitle={t('pages.home.servicesSubtitle')} belowFold>
        <ServiceCards />
        <Group justify="center" mt="xl">
          <Button component={Link} to="/services" variant="default" rightSection={<IconArrowRight size={16} aria-hidden />}>
            {t('pages.home.servicesAll')}
          </Button>
        </Group>
      </MarketingSection>

      <Container size="xl" pb={64}>
        <CtaBand />
      </Container>
    </>
  );
}
