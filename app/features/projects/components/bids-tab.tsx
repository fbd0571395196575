/**
 * A project's bids tab: the comparison table (vendor and rating, amount — the lowest highlighted —,
 * timeline, insurance standing, notes, PDF, status) with "Award" once bidding is over, and "Close
 * bidding now" while it is open (award needs it closed: no vendor may still change a bid being
 * compared).
 */
import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAward, IconClockStop, IconFileTypePdf, IconGavel, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { IconEmptyState } from '~/components/icon-empty-state';
import { SubmitButton } from '~/components/icon-button';
import { Form } from 'react-router';
import { formatBytes, formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { BidComparisonRow, ProjectDetail } from '../project-queries.server';
import type { ProjectActionResult, ProjectsBase } from '../projects.types';
import { BidStatusBadge } from './project-badges';
import { useActionResult } from '~/components/forms/use-action-result';
import { PROJECTS_TOAST } from './projects-toast';

/** The comparison's columns before the actions: the text key under `projects.bids`, right-aligned for figures. */
const BID_COLUMNS: readonly { key: string; right?: boolean }[] = [
  { key: 'vendor' },
  { key: 'amount', right: true },
  { key: 'timeline', right: true },
  { key: 'insurance' },
  { key: 'notes' },
  { key: 'status' },
];

function Insurance({ bid }: { bid: BidComparisonRow }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { problem, expiry, expiringSoon } = bid.insurance;
  const state = problem ?? (expiringSoon ? 'expiring' : 'ok');
  const badge = (
    <Badge
      color={problem ? 'red.9' : expiringSoon ? 'yellow.4' : 'teal.9'}
      variant="filled"
      autoContrast
      data-testid="bid-insurance"
      data-state={state}
    >
      {t(`projects.insurance.${state}`)}
    </Badge>
  );
  if (problem) return badge;
  return (
    <Stack gap={2}>
      {badge}
      {expiry && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('projects.insurance.until', { date: formatIsoDate(expiry, lang) })}
        </Text>
      )}
    </Stack>
  );
}

export function BidsTab({ base, detail, result }: { base: ProjectsBase; detail: ProjectDetail; result: ProjectActionResult | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const close = useActionResult(result, { intent: 'close-bidding', toast: PROJECTS_TOAST });
  const award = useActionResult(result, { intent: 'award', toast: PROJECTS_TOAST });
  const canAward = detail.status === 'bidding' && !detail.biddingOpen;
  return (
    <Stack gap="md" data-testid="project-bids">
      <Paper withBorder p="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" data-testid="bids-state">
            {detail.status === 'planned'
              ? t('projects.bids.notOpen')
              : detail.biddingOpen
                ? t('projects.bids.open', {
                    deadline: formatDateTime(detail.bidDeadline!, lang),
                  })
                : canAward
                  ? t('projects.bids.closed')
                  : t('projects.bids.decided')}
          </Text>
          {detail.biddingOpen && (
            <Form method="post">
              <input type="hidden" name="intent" value="close-bidding" />
              <SubmitButton variant="default" icon={IconClockStop} loading={close.busy} testId="close-bidding">
                {t('projects.bids.closeNow')}
              </SubmitButton>
            </Form>
          )}
        </Group>
        {(close.errors.form || award.errors.form) && (
          <Alert color="red" role="alert" mt="sm" data-testid="bids-error">
            {close.errors.form ?? award.errors.form}
          </Alert>
        )}
      </Paper>
      {detail.bids.length === 0 ? (
        <IconEmptyState icon={IconGavel} title={t('projects.bids.emptyTitle')} body={t('projects.bids.emptyBody')} testId="bids-empty" />
      ) : (
        <Table.ScrollContainer minWidth={980}>
          <Table verticalSpacing="sm" data-testid="bids-table">
            <Table.Caption>{t('projects.bids.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {BID_COLUMNS.map(({ key, right }) => (
                  <Table.Th key={key} scope="col" ta={right ? 'right' : undefined}>
                    {t(`projects.bids.${key}`)}
                  </Table.Th>
                ))}
                <Table.Th scope="col">
                  <VisuallyHidden>{t('projects.bids.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.bids.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="bid-row"
                  data-bid={row.id}
                  data-vendor={row.vendorId}
                  data-lowest={row.lowest ? 'true' : 'false'}
                  style={row.lowest ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-teal-9)' } : undefined}
                >
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.companyName}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      {row.rating !== null ? (
                        <>
                          <IconStarFilled size={12} aria-hidden color="var(--mantine-color-yellow-6)" />
                          <Text size="xs">
                            {t('projects.bids.rating', {
                              rating: row.rating,
                              count: row.ratingCount,
                            })}
                          </Text>
                        </>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t('projects.bids.noRating')}
                        </Text>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('projects.bids.updated', {
                        date: formatDateTime(row.updatedAt, lang),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text
                      size="sm"
                      fw={row.lowest ? 700 : 400}
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="bid-amount"
                      data-cents={row.amountCents}
                    >
                      {formatCents(row.amountCents, lang)}
                    </Text>
                    {row.lowest && (
                      <Badge color="teal.9" variant="filled" size="sm" autoContrast data-testid="bid-lowest">
                        {t('projects.bids.lowest')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {t('projects.bids.days', { count: row.timelineDays })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Insurance bid={row} />
                  </Table.Td>
                  <Table.Td maw={260}>
                    {row.notes ? (
                      <Text
                        size="xs"
                        lineClamp={4}
                        style={{
                          whiteSpace: 'pre-wrap',
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {row.notes}
                      </Text>
                    ) : null}
                    {row.attachment && (
                      <Anchor
                        href={`${base}/${detail.id}/files/${row.attachment.documentId}`}
                        size="xs"
                        download
                        data-testid="bid-attachment"
                      >
                        <Group gap={4} component="span" wrap="nowrap">
                          <IconFileTypePdf size={14} aria-hidden />
                          {row.attachment.name} ({formatBytes(row.attachment.sizeBytes, lang)})
                        </Group>
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <BidStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    {canAward && row.status === 'submitted' && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="award" />
                        <input type="hidden" name="bidId" value={row.id} />
                        <Tooltip
                          label={t('projects.bids.awardHint', {
                            vendor: row.companyName,
                          })}
                          withArrow
                        >
                          <SubmitButton size="xs" color="teal.9" icon={IconAward} iconSize={14} loading={award.busy} testId="bid-award">
                            {t('projects.bids.award')}
                          </SubmitButton>
                        </Tooltip>
                      </Form>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
