/**
 * /privacy (spec §2): the privacy policy (data collected, cookies and the consent categories,
 * retention, rights, contact) with a table of contents, from `pages.privacy` in both languages.
 */
import { LegalDocument } from '~/features/marketing/components/legal-document';
import { pagesTranslations } from '~/features/marketing/translations.server';
import { pageMeta } from '~/i18n/translate.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/privacy';

export function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  return {
    i18n: pagesTranslations(lang, ['legal', 'privacy']),
    meta: { ...pageMeta(lang, 'pages.meta.privacyTitle', 'pages.meta.privacyDescription'), seo: publicPageSeo({ request, publicUrl: context.publicUrl, language: lang }) },
  };
}

export const meta = loaderMeta;

export default function Privacy() {
  return <LegalDocument doc="privacy" />;
}
