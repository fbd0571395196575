/**
 * What a vendor-portal page (home, projects, profile; spec §2, decision 030) shows an account
 * that no vendor record is linked to yet: a portal empty state with a button to the vendor
 * application, then any further buttons (`children`). Its texts are the page's own, under one
 * prefix: `<texts>.noVendorTitle`, `<texts>.noVendorBody` and `<texts>.apply`.
 */
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { LinkButton } from './icon-button';
import { PortalEmptyState } from './portal-home';

/** The "no vendor record yet" state (see the module's docstring); `testId` is its `data-testid`. */
export function NoVendorState({ texts, testId, children }: { texts: string; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PortalEmptyState icon={IconBuildingStore} title={t(`${texts}.noVendorTitle`)} body={t(`${texts}.noVendorBody`)} testId={testId}>
      <LinkButton to="/vendor-signup">{t(`${texts}.apply`)}</LinkButton>
      {children}
    </PortalEmptyState>
  );
}
