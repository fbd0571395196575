/**
 * /about (spec §2): the company's story, mission and values, the marketing figures of spec §1,
 * the leadership team and the regional offices in 23 states.
 */
import { Blockquote, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { LeadershipGrid, OfficeList, ValuesGrid } from '~/features/marketing/components/about-sections';
import { CtaBand } from '~/features/marketing/components/cta-band';
import { MarketingFigures } from '~/features/marketing/components/marketing-figures';
import { PageHeader } from '~/features/marketing/components/page-header';
import { RoundedPhoto } from '~/features/marketing/components/rounded-photo';
import classes from '~/features/marketing/marketing.module.css';
import { pagesTranslations } from '~/features/marketing/translations.server';
import { pageMeta } from '~/i18n/translate.server';
import { MARKETING_FIGURES } from '~/lib/constants';
import { formatNumber } from '~/lib/format';
import { loadContactInfo } from '~/features/inquiries/contact-info.server';
import { organizationJsonLd } from '~/features/seo/json-ld.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { MarketingSection } from '~/features/marketing/components/marketing-section';
import type { Route } from './+types/about';

const STORY_IMAGE_URL = '/media/demo/exterior-07-1200.webp';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const contact = await loadContactInfo({ db: context.db });
  return {
    i18n: pagesTranslations(lang, ['about', 'figures', 'cta', 'gallery']),
    meta: {
      ...pageMeta(lang, 'pages.meta.aboutTitle', 'pages.meta.aboutDescription'),
      seo: publicPageSeo({
        request,
        publicUrl: context.publicUrl,
        language: lang,
        image: STORY_IMAGE_URL,
        jsonLd: [organizationJsonLd({ publicUrl: context.publicUrl, contact })],
      }),
    },
  };
}

export const meta = loaderMeta;

export default function About() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const story = t('pages.about.story', {
    returnObjects: true,
    units: formatNumber(MARKETING_FIGURES.unitsManaged, lang),
    states: MARKETING_FIGURES.states,
    professionals: formatNumber(MARKETING_FIGURES.networkProfessionals, lang),
  }) as unknown;
  return (
    <>
      <PageHeader eyebrow={t('pages.about.eyebrow')} title={t('pages.about.title')} lead={t('pages.about.lead')} />

      <section className={classes.section} aria-labelledby="about-story">
        <Container size="xl">
          <Grid gap={48} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Title order={2} id="about-story" mb="md">
                {t('pages.about.storyTitle')}
              </Title>
              <Stack gap="md">
                {(Array.isArray(story) ? (story as string[]) : []).map((paragraph) => (
                  <Text key={paragraph} size="lg">
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <RoundedPhoto url={STORY_IMAGE_URL} alt={t('pages.gallery.alt.townhouse')} />
            </Grid.Col>
          </Grid>
        </Container>
      </section>

      <section className={classes.sectionAlt} aria-labelledby="about-mission">
        <Container size="md">
          <Title order={2} id="about-mission" mb="md" ta="center">
            {t('pages.about.missionTitle')}
          </Title>
          <Blockquote icon={<IconQuote aria-hidden />} style={{ '--bq-radius': 'var(--mantine-radius-lg)' }} fz="xl" ff="heading">
            {t('pages.about.mission')}
          </Blockquote>
        </Container>
      </section>

      <MarketingSection id="about-values" title={t('pages.about.valuesTitle')}>
        <ValuesGrid />
      </MarketingSection>

      <MarketingSection id="about-figures" title={t('pages.figures.title')} subtitle={t('pages.figures.subtitle')} tone="alt">
        <MarketingFigures />
      </MarketingSection>

      <MarketingSection id="about-team" title={t('pages.about.teamTitle')} subtitle={t('pages.about.teamSubtitle')}>
        <LeadershipGrid />
      </MarketingSection>

      <MarketingSection
        id="about-offices"
        title={t('pages.about.officesTitle', { count: MARKETING_FIGURES.states })}
        subtitle={t('pages.about.officesSubtitle')}
        tone="alt"
      >
        <OfficeList />
      </MarketingSection>

      <Container size="xl" py={64}>
        <CtaBand />
      </Container>
    </>
  );
}
