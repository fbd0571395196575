/**
 * /terms (spec §2): the terms of use (site use, listings, applications and fees, vendor terms,
 * liability, governing law) with a table of contents, from `pages.terms` in both languages.
 */
import { LegalDocument } from '~/features/marketing/components/legal-document';
import { pagesTranslations } from '~/features/marketing/translations.server';
import { pageMeta } from '~/i18n/translate.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/terms';

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return {
    i18n: pagesTranslations(lang, ['legal', 'terms']),
    meta: { ...pageMeta(lang, 'pages.meta.termsTitle', 'pages.meta.termsDescription'), seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang }) },
  };
}

export const meta = loaderMeta;

export default function Terms() {
  return <LegalDocument doc="terms" />;
}
