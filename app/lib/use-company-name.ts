/**
 * The company name the chrome shows (footer, top bar): the /admin/system setting the root
 * loader sends (`site.companyName`), or the translated brand before it is known. Client-safe.
 */
import { useTranslation } from '~/lib/i18n';
import { useRouteLoaderData } from 'react-router';

export function useCompanyName(): string {
  const { t } = useTranslation();
  const root = useRouteLoaderData('root') as { site?: { companyName?: string } } | undefined;
  return root?.site?.companyName || t('common.brand');
}
