/**
 * A vendor's status, whether it can receive work (the insurance rule's verdict, computed by the
 * server with `vendorIneligibility`) and its rating (average stars of its completed work orders),
 * in the visitor's language.
 */
import { Badge, Group, Text } from '@mantine/core';
import { StarRating } from '~/components/star-rating';
import { StateBadge } from '~/components/state-badge';
import { useTranslation } from '~/lib/i18n';
import { formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { VendorEligibility, VendorStatus } from '../vendor-admin.types';

// Each shade pairs with its automatic label colour at AA contrast in both colour schemes.
const STATUS_COLORS: Record<VendorStatus, string> = { pending: 'yellow.4', approved: 'teal.9', rejected: 'gray.7', suspended: 'red.9' };

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  const { t } = useTranslation();
  return <StateBadge color={STATUS_COLORS[status]} label={t(`vendors.status.${status}`)} status={status} testId="vendor-status" />;
}

/** "Can receive work" or "Cannot receive work: insurance expired" (and the other reasons). */
export function VendorEligibilityBadge({ eligibility }: { eligibility: VendorEligibility }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={eligibility === null ? 'teal.9' : eligibility === 'vendor_not_approved' ? 'gray.7' : 'red.9'}
      variant="filled"
      autoContrast
      // A sentence, not a tag: wraps instead of being cut ("Cannot receive work: insurance expired").
      styles={{ root: { textTransform: 'none', height: 'auto' }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.35 } }}
      py={3}
      data-testid="vendor-eligibility"
      data-eligibility={eligibility ?? 'eligible'}
    >
      {t(`vendors.eligibility.${eligibility ?? 'eligible'}`)}
    </Badge>
  );
}

/** The average as read-only stars with the figure and the number of ratings, or "no ratings yet". */
export function VendorRating({ average, count }: { average: number | null; count: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (average === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="vendor-rating" data-average="">
        {t('vendors.rating.none')}
      </Text>
    );
  }
  const label = t('vendors.rating.label', { average: formatNumber(average, lang), count });
  return (
    <Group gap={6} wrap="nowrap" data-testid="vendor-rating" data-average={average}>
      {/* The stars only draw the figure the text beside them says. */}
      <StarRating value={average} size={16} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
