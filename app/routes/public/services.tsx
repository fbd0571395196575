/**
 * /services (spec §1, §2): the six services in depth, each a section with its own anchor
 * (`/services#tenant-screening`), who they are for, and a call to action.
 */
import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingEstate, IconHome, IconTool } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { CtaBand } from '~/features/marketing/components/cta-band';
import { PageHeader } from '~/features/marketing/components/page-header';
import { ServiceDetails } from '~/features/marketing/components/service-details';
import { MARKETING_SERVICES } from '~/features/marketing/services';
import classes from '~/features/marketing/marketing.module.css';
import { pagesTranslations } from '~/features/marketing/translations.server';
import { pageMeta } from '~/i18n/translate.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { MarketingSection } from '~/features/marketing/components/marketing-section';
import type { Route } from './+types/services';

const AUDIENCES = [
  { key: 'owners', to: '/contact', icon: IconBuildingEstate },
  { key: 'tenants', to: '/apartments', icon: IconHome },
  { key: 'vendors', to: '/vendor-signup', icon: IconTool },
] as const;

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return {
    i18n: pagesTranslations(lang, ['servicesPage', 'services', 'cta']),
    meta: { ...pageMeta(lang, 'pages.meta.servicesTitle', 'pages.meta.servicesDescription'), seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang }) },
  };
}

export const meta = loaderMeta;

export default function Services() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader eyebrow={t('pages.servicesPage.eyebrow')} title={t('pages.servicesPage.title')} lead={t('pages.servicesPage.lead')}>
        <nav aria-label={t('pages.servicesPage.jumpTo')}>
          <Group gap="xs" mt="sm" component="ul" className={classes.plainList}>
            {MARKETING_SERVICES.map(({ key, anchor, icon: Icon }) => (
              <li key={key}>
                <Button component="a" href={`#${anchor}`} variant="default" size="sm" radius="xl" leftSection={<Icon size={16} aria-hidden />}>
                  {t(`pages.services.${key}.title`)}
                </Button>
              </li>
            ))}
          </Group>
        </nav>
      </PageHeader>

      <ServiceDetails />

      <MarketingSection
        id="services-audiences"
        title={t('pages.servicesPage.audiencesTitle')}
        subtitle={t('pages.servicesPage.audiencesSubtitle')}
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {AUDIENCES.map(({ key, to, icon: Icon }) => (
            <Card key={key} withBorder radius="lg" padding="lg" className={classes.card}>
              <Stack gap="sm" h="100%">
                <ThemeIcon variant="light" size={48} aria-hidden>
                  <Icon size={26} aria-hidden />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {t(`pages.servicesPage.audiences.${key}.title`)}
                </Title>
                <Text style={{ flex: 1 }}>{t(`pages.servicesPage.audiences.${key}.text`)}</Text>
                <Anchor component={Link} to={to} fw={600}>
                  <Group gap={4} component="span">
                    {t(`pages.servicesPage.audiences.${key}.link`)}
                    <IconArrowRight size={16} aria-hidden />
                  </Group>
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </MarketingSection>

      <Container size="xl" pb={64}>
        <CtaBand />
      </Container>
    </>
  );
}
