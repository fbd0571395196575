/**
 * The vendor's insurance at a glance (vendor portal overview and profile): the verified
 * certificate's expiry, or that none is verified, and whether the vendor can receive work.
 */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { VendorEligibility } from '../vendor-admin.types';
import { VendorEligibilityBadge } from './vendor-badges';

type Props = { insuranceExpiry: string | null; eligibility: VendorEligibility; profileLink?: boolean };

export function VendorInsuranceSummary({ insuranceExpiry, eligibility, profileLink = false }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="vendor-insurance-title" data-testid="vendor-insurance">
      <Stack gap="xs">
        <Title order={2} size="h4" id="vendor-insurance-title">
          {t('vendors.insurance.title')}
        </Title>
        <Text size="sm" data-testid="vendor-insurance-text">
          {insuranceExpiry
            ? t('vendors.insurance.validUntil', { date: formatIsoDate(insuranceExpiry, lang) })
            : t('vendors.insurance.none')}
        </Text>
        <Group>
          <VendorEligibilityBadge eligibility={eligibility} />
        </Group>
        {profileLink && (
          <Anchor component={Link} to="/vendor-portal/profile" size="sm" data-testid="vendor-profile-link">
            {t('vendors.insurance.manage')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
