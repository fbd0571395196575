/** The home page hero: headline (the page's h1), subline, the two main calls to action, a photo. */
import { Button, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconMessage } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { MARKETING_FIGURES } from '~/lib/constants';
import { formatNumber } from '~/lib/format';
import { imageSrcSet } from '~/lib/images';
import { useLanguage } from '~/lib/use-language';
import classes from '../marketing.module.css';
import { ROUND_ICON } from '~/lib/theme';

/** A mid-rise building from the demo pool (generated at seed time). */
export const HERO_IMAGE_URL = '/media/demo/exterior-02-1200.webp';

export function HomeHero() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const image = imageSrcSet(HERO_IMAGE_URL);
  return (
    <section className={classes.hero} aria-labelledby="home-hero-title">
      <Container size="xl" pt={{ base: 64, md: 72 }} pb={{ base: 40, md: 72 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing="xl" style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Text className={classes.eyebrow}>{t('pages.home.heroEyebrow')}</Text>
            <Title order={1} id="home-hero-title" className={classes.heroTitle}>
              {t('pages.home.heroTitle')}
            </Title>
            <Text size="xl" maw={560}>
              {t('pages.home.heroSubtitle', {
                units: formatNumber(MARKETING_FIGURES.unitsManaged, lang),
                states: MARKETING_FIGURES.states,
              })}
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to="/properties"
                size="lg"
                rightSection={<IconArrowRight size={18} aria-hidden />}
                data-testid="hero-browse"
              >
                {t('pages.home.browse')}
              </Button>
              <Button
                component={Link}
                to="/contact"
                size="lg"
                variant="default"
                leftSection={<IconMessage size={18} aria-hidden />}
                data-testid="hero-contact"
              >
                {t('pages.home.talk')}
              </Button>
            </Group>
            <List
              spacing={6}
              center
              icon={
                <ThemeIcon component="span" style={ROUND_ICON} size={22} aria-hidden>
                  <IconCheck size={14} aria-hidden />
                </ThemeIcon>
              }
            >
              <List.Item>{t('pages.home.heroPoints.apply')}</List.Item>
              <List.Item>{t('pages.home.heroPoints.maintenance')}</List.Item>
              <List.Item>{t('pages.home.heroPoints.portal')}</List.Item>
            </List>
          </Stack>
          <img
            className={classes.heroImage}
            src={image.src}
            srcSet={image.srcSet || undefined}
            sizes="(max-width: 992px) 100vw, 50vw"
            width={1200}
            height={900}
            alt={t('pages.home.heroImageAlt')}
            fetchPriority="high"
            decoding="async"
          />
        </SimpleGrid>
      </Container>
    </section>
  );
}
