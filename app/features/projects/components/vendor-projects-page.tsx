/**
 * /vendor-portal/projects: the capital projects the vendor was invited to bid on — those open for
 * bids first (deadline, the vendor's bid if any), then the closed ones with the outcome (won, not
 * selected, cancelled). An account without a vendor record is pointed to the vendor application.
 */
import { Anchor, Badge, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { ScrollTable, translatedColumns } from '~/components/lists/list-table';
import { NoVendorState } from '~/components/no-vendor-state';
import { LinkButton } from '~/components/icon-button';
import { IconEmptyState } from '~/components/icon-empty-state';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { formatCents, formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { BidOutcome, VendorProjectItem } from '../project-bids.server';

type Props = {
  vendor: { companyName: string } | null;
  open: VendorProjectItem[];
  closed: VendorProjectItem[];
};

const OUTCOME_COLORS: Record<NonNullable<BidOutcome>, string> = {
  awarded: 'teal.9',
  not_awarded: 'gray.7',
  cancelled: 'red.9',
};

export function OutcomeBadge({ outcome }: { outcome: BidOutcome }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="filled" autoContrast data-testid="bid-outcome" data-outcome={outcome}>
      {t(`projects.vendor.outcome.${outcome}`)}
    </Badge>
  );
}

function place(item: { buildingName: string | null; city: string | null; state: string | null }): string {
  return [item.buildingName, [item.city, item.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
}

export function VendorProjectsPage({ vendor, open, closed }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg" data-testid="vendor-projects">
        <SignedInPageHeader
          title={t('projects.vendor.title')}
          subtitle={t('projects.vendor.subtitle')}
          actions={
            <Anchor component={Link} to="/vendor-portal" size="sm">
              {t('projects.vendor.backToPortal')}
            </Anchor>
          }
        />
        {!vendor ? (
          <NoVendorState texts="projects.vendor" testId="vendor-projects-no-vendor" />
        ) : (
          <>
            <section aria-labelledby="open-projects-title">
              <Title order={2} size="h3" id="open-projects-title" mb="sm">
                {t('projects.vendor.openTitle', { count: open.length })}
              </Title>
              {open.length === 0 ? (
                <IconEmptyState
                  icon={IconBriefcase}
                  title={t('projects.vendor.noneOpenTitle')}
                  body={t('projects.vendor.noneOpenBody')}
                  testId="vendor-projects-none-open"
                  titleOrder={3}
                  py="lg"
                />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                  {open.map((item) => (
                    <Card key={item.id} withBorder padding="md" data-testid="vendor-open-project" data-project={item.id}>
                      <Stack gap={6} h="100%">
                        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                          {item.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {place(item)} · {t(`projects.kind.${item.kind}`)}
                        </Text>
                        <Text size="sm">
                          {t('projects.vendor.deadline', {
                            date: formatDateTime(item.bidDeadline!, lang),
                          })}
                        </Text>
                        <Text size="sm" data-testid="vendor-my-bid">
                          {item.myBid
                            ? t('projects.vendor.yourBid', {
                                amount: formatCents(item.myBid.amountCents, lang),
                                count: item.myBid.timelineDays,
                              })
                            : t('projects.vendor.noBidYet')}
                        </Text>
                        <Group mt="auto" pt="xs">
                          <LinkButton to={`/vendor-portal/projects/${item.id}`} size="sm" testId="vendor-project-open">
                            {t(item.myBid ? 'projects.vendor.changeBid' : 'projects.vendor.bid')}
                          </LinkButton>
                        </Group>
                      </Stack>
                    </Card>
                  ))}
                </SimpleGrid>
              )}
            </section>
            {closed.length > 0 && (
              <section aria-labelledby="closed-projects-title">
                <Title order={2} size="h3" id="closed-projects-title" mb="sm">
                  {t('projects.vendor.closedTitle')}
                </Title>
                <ScrollTable
                  minWidth={640}
                  verticalSpacing="sm"
                  data-testid="vendor-closed-projects"
                  columns={translatedColumns(t, 'projects.vendor', ['project', 'yourBidColumn', 'result'])}
                >
                  {closed.map((item) => (
                    <Table.Tr key={item.id} data-testid="vendor-closed-project" data-project={item.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/vendor-portal/projects/${item.id}`} size="sm" fw={600}>
                          {item.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {place(item)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{item.myBid ? formatCents(item.myBid.amountCents, lang) : t('projects.vendor.noBid')}</Text>
                      </Table.Td>
                      <Table.Td>
                        {item.outcome ? (
                          <OutcomeBadge outcome={item.outcome} />
                        ) : (
                          <Text size="sm">{t('projects.vendor.awaitingDecision')}</Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </ScrollTable>
              </section>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
