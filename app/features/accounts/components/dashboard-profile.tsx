/**
 * The dashboard's profile card (spec §2): the viewer's name, e-mail and role.
 */
import { DataList } from '@mantine/core';
import { RoleBadge } from '~/components/role-badge';
import { useTranslation } from '~/lib/i18n';
import type { DashboardSummary } from '../dashboard.server';
import { SectionCard } from '~/components/section-card';

/** Who the viewer is: name, e-mail, role. */
export function ProfileCard({ profile }: { profile: DashboardSummary['profile'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard titleId="profile-title" title={t('account.dashboard.profile.title')} titleSize="h4">
      <DataList labelWidth={90}>
        <DataList.Item>
          <DataList.ItemLabel>{t('account.dashboard.profile.name')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="dashboard-name">{profile.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('account.dashboard.profile.email')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="dashboard-email" style={{ overflowWrap: 'anywhere' }}>
            {profile.email}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('account.dashboard.profile.role')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <RoleBadge role={profile.role} data-testid="dashboard-role" />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </SectionCard>
  );
}
