/**
 * /amenities (spec §2): the community amenities, grouped (building, in-unit, outdoor,
 * services), labelled with the listing amenity names, and a way into the apartment search.
 */
import { Container, Stack } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { AMENITY_GROUPS } from '~/features/marketing/amenity-groups';
import { AmenityGroupSection } from '~/features/marketing/components/amenity-group-section';
import { CtaBand } from '~/features/marketing/components/cta-band';
import { PageHeader } from '~/features/marketing/components/page-header';
import { pagesTranslations } from '~/features/marketing/translations.server';
import { pageMeta } from '~/i18n/translate.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/amenities';

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return {
    i18n: pagesTranslations(lang, ['amenities', 'gallery', 'cta'], ['listings']),
    meta: { ...pageMeta(lang, 'pages.meta.amenitiesTitle', 'pages.meta.amenitiesDescription'), seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang }) },
  };
}

export const meta = loaderMeta;

export default function Amenities() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader eyebrow={t('pages.amenities.eyebrow')} title={t('pages.amenities.title')} lead={t('pages.amenities.lead')} />
      <Container size="xl" py={48}>
        <Stack gap={64}>
          {AMENITY_GROUPS.map((group, index) => (
            <AmenityGroupSection key={group.key} group={group} reverse={index % 2 === 1} />
          ))}
        </Stack>
      </Container>
      <Container size="xl" pb={64}>
        <CtaBand
          title={t('pages.amenities.ctaTitle')}
          body={t('pages.amenities.ctaBody')}
          actions={[
            { to: '/apartments', label: t('pages.amenities.ctaSearch') },
            { to: '/properties', label: t('pages.amenities.ctaAll') },
          ]}
        />
      </Container>
    </>
  );
}
