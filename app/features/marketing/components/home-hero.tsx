/** The home page hero: headline (the page's h1), subline, the two main calls to action, a photo. */
import { Button, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconMessage } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { MARKETING_FIGURES } from '~/lib/constants';
import { formatNumber } from '~/lib/format';
import { ResponsiveImage } from '~/components/responsive-image';
import { useLanguage } from '~/lib/use-language';
import classes from '../marketing.module.css';
import { ROUND_ICON } from '~/lib/theme';

/** A mid-rise building from the demo pool (generated at seed time). */
export const HERO_IMAGE_URL = '/media/demo/exterior-02-1200.webp';

/** The two calls to action, browse first (the primary button). */
const HERO_ACTIONS = [
  {
    to: '/properties',
    label: 'pages.home.browse',
    icon: IconArrowRight,
    iconSide: 'right',
    variant: undefined,
    testId: 'hero-browse',
  },
  { to: '/contact', label: 'pages.home.talk', icon: IconMessage, iconSide: 'left', variant: 'default', testId: 'hero-contact' },
] as const;

/** The selling points under the calls to action (`pages.home.heroPoints.*`). */
const HERO_POINTS = ['apply', 'maintenance', 'portal'] as const;

export function HomeHero() {
  const { t } = useTranslation();
  const lang = useLanguage();
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
              {HERO_ACTIONS.map(({ to, label, icon: Icon, iconSide, variant, testId }) => {
                const icon = <Icon size={18} aria-hidden />;
                return (
                  <Button
                    key={to}
                    component={Link}
                    to={to}
                    size="lg"
                    variant={variant}
                    leftSection={iconSide === 'left' ? icon : undefined}
                    rightSection={iconSide === 'right' ? icon : undefined}
                    data-testid={testId}
                  >
                    {t(label)}
                  </Button>
                );
              })}
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
              {HERO_POINTS.map((point) => (
                <List.Item key={point}>{t(`pages.home.heroPoints.${point}`)}</List.Item>
              ))}
            </List>
          </Stack>
          <ResponsiveImage
            className={classes.heroImage}
            url={HERO_IMAGE_URL}
            sizes="(max-width: 992px) 100vw, 50vw"
            width={1200}
            height={900}
            alt={t('pages.home.heroImageAlt')}
            fetchPriority="high"
          />
        </SimpleGrid>
      </Container>
    </section>
  );
}
