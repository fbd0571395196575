/**
 * One unit's page (decision 015), for admins and for its building's manager: the unit
 * form, a link to its public page when it is listed, and its photos (a slot the route fills with
 * the photo manager; a new unit gets photos once it exists).
 */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
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
      <Anchor component={Link} to={buildingHref} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('portfolio.unitForm.backToBuilding', { name: building.name })}
        </Group>
      </Anchor>
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
      <Paper withBorder p="lg" component="section" aria-labelledby="unit-details-title">
        <Title order={2} size="h4" id="unit-details-title" mb="md">
          {t('portfolio.unitForm.title')}
        </Title>
        <UnitForm unit={unit} result={result} />
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="unit-photos-title" id="photos">
        <Title order={2} size="h4" id="unit-photos-title" mb="md">
          {t('portfolio.unitForm.photos')}
        </Title>
        {unit && photos ? photos : <Text c="dimmed">{t('portfolio.unitForm.photosAfterCreate')}</Text>}
      </Paper>
    </Stack>
  );
}
