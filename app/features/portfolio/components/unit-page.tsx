/**
 * One unit's page (decision 015), for admins and for its building's manager: the unit
 * form, a link to its public page when it is listed, and its photos (a slot the route fills with
 * the photo manager; a new unit gets photos once it exists).
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/components/page-header';
import { SectionCard } from '~/components/section-card';
import { BackLink } from '~/components/back-link';
import { StatusBadge } from '~/components/property-status-badge';
import type { UnitDetail } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { UnitForm } from './unit-form';
import { useDoneToast } from '~/components/forms/use-action-result';
import { PORTFOLIO_TOAST, portfolioDoneMessage } from './portfolio-toast';

type Props = {
  buildingHref: string;
  building: { id: number; name: string; streetAddress: string; city: string };
  unit: UnitDetail | null;
  result: PortfolioActionResult | undefined;
  done: string | null;
  photos?: ReactNode;
};

export function UnitPage({ buildingHref, building, unit, result, done, photos }: Props) {
  const { t } = useTranslation();
  useDoneToast(done, (outcome) => portfolioDoneMessage(t, outcome), PORTFOLIO_TOAST);
  return (
    <Stack gap="lg">
      <BackLink to={buildingHref} labelAs="div">
        {t('portfolio.unitForm.backToBuilding', { name: building.name })}
      </BackLink>
      <SignedInPageHeader
        title={unit ? `${building.name} · ${unit.unitNumber}` : t('portfolio.unitForm.newTitle', { name: building.name })}
        subtitle={`${building.streetAddress}, ${building.city}`}
      />
      {unit && (
        // Not in the header's subtitle: a badge is a block, which a paragraph cannot hold.
        <Group gap="xs" mt={-12}>
          <StatusBadge status={unit.status} />
          {unit.listed && (
            <Anchor href={`/property/${unit.id}`} target="_blank" size="sm" data-testid="unit-public-link">
              <Group gap={4} component="span">
                {t('portfolio.unitForm.viewPublic')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
        </Group>
      )}
      <SectionCard titleId="unit-details-title" title={t('portfolio.unitForm.title')} titleSize="h4" titleMb="md">
        <UnitForm unit={unit} result={result} />
      </SectionCard>
      <SectionCard titleId="unit-photos-title" title={t('portfolio.unitForm.photos')} titleSize="h4" titleMb="md" id="photos">
        {unit && photos ? photos : <Text c="dimmed">{t('portfolio.unitForm.photosAfterCreate')}</Text>}
      </SectionCard>
    </Stack>
  );
}
