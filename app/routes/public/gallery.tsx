/**
 * /gallery (spec §2): photos of the buildings, rooms and amenities, filtered by
 * `?category=exterior|rooms|amenities` on the server (works without JavaScript); any other
 * value shows all photos.
 */
import { Button, Container, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { CtaBand } from '~/features/marketing/components/cta-band';
import { GalleryFilter } from '~/features/marketing/components/gallery-filter';
import { GalleryGrid } from '~/features/marketing/components/gallery-grid';
import { PageHeader } from '~/features/marketing/components/page-header';
import { parseGalleryFilter } from '~/features/marketing/gallery';
import { findGalleryImages } from '~/features/marketing/gallery.server';
import { pagesTranslations } from '~/features/marketing/translations.server';
import { pageMeta } from '~/i18n/translate.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/gallery';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const filter = parseGalleryFilter(new URL(request.url).searchParams.get('category'));
  const { images, counts } = await findGalleryImages({ db: context.db, filter });
  return {
    filter,
    images,
    counts,
    i18n: pagesTranslations(lang, ['gallery', 'cta']),
    meta: {
      ...pageMeta(lang, 'pages.meta.galleryTitle', 'pages.meta.galleryDescription'),
      seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang, params: new URLSearchParams(filter === 'all' ? {} : { category: filter }), image: images[0]?.url }),
    },
  };
}

export const meta = loaderMeta;

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filter, images, counts } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t('pages.gallery.eyebrow')} title={t('pages.gallery.title')} lead={t('pages.gallery.lead')} />
      <Container size="xl" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="md">
            <GalleryFilter active={filter} counts={counts} />
            <Text size="sm" role="status" data-testid="gallery-count">
              {t('pages.gallery.count', { count: images.length })}
            </Text>
          </Group>
          {images.length > 0 ? (
            <GalleryGrid images={images} />
          ) : (
            <Paper withBorder radius="lg" p="xl">
              <EmptyState icon={<IconPhoto size={30} aria-hidden />} variant="light">
                <EmptyState.Title order={2}>{t('pages.gallery.emptyTitle')}</EmptyState.Title>
                <EmptyState.Description>{t('pages.gallery.emptyBody')}</EmptyState.Description>
                {filter !== 'all' && (
                  <EmptyState.Actions>
                    <Button component={Link} to="/gallery">
                      {t('pages.gallery.emptyAction')}
                    </Button>
                  </EmptyState.Actions>
                )}
              </EmptyState>
            </Paper>
          )}
        </Stack>
      </Container>
      <Container size="xl" pb={64} pt="lg">
        <CtaBand
          title={t('pages.gallery.ctaTitle')}
          body={t('pages.gallery.ctaBody')}
          actions={[{ to: '/apartments', label: t('pages.gallery.ctaAction') }]}
        />
      </Container>
    </>
  );
}
