/**
 * /vendor-portal/projects: the capital projects the vendor was invited to bid on — those open for
 * bids first (deadline, the vendor's bid if any), then the closed ones with the outcome (won, not
 * selected, cancelled). An account without a vendor record is pointed to the vendor application.
 */
import { Anchor, Badge, Button, Card, Container, EmptyState, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBriefcase, IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
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
          <EmptyState icon={<IconBuildingStore size={30} aria-hidden />} variant="light" py="xl" data-testid="vendor-projects-no-vendor">
            <EmptyState.Title order={2}>{t('projects.vendor.noVendorTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('projects.vendor.noVendorBody')}</EmptyState.Description>
            <EmptyState.Actions>
              <Button component={Link} to="/vendor-signup">
                {t('projects.vendor.apply')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <>
            <section aria-labelledby="open-projects-title">
              <Title order={2} size="h3" id="open-projects-title" mb="sm">
                {t('projects.vendor.openTitle', { count: open.length })}
              </Title>
              {open.length === 0 ? (
                <EmptyState icon={<IconBriefcase size={30} aria-hidden />} variant="light" py="lg" data-testid="vendor-projects-none-open">
                  <EmptyState.Title order={3}>{t('projects.vendor.noneOpenTitle')}</EmptyState.Title>
                  <EmptyState.Description>{t('projects.vendor.noneOpenBody')}</EmptyState.Description>
                </EmptyState>
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
                          <Button component={Link} to={`/vendor-portal/projects/${item.id}`} size="sm" data-testid="vendor-project-open">
                            {t(item.myBid ? 'projects.vendor.changeBid' : 'projects.vendor.bid')}
                          </Button>
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
                <Table.ScrollContainer minWidth={640}>
                  <Table verticalSpacing="sm" data-testid="vendor-closed-projects">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('projects.vendor.project')}</Table.Th>
                        <Table.Th scope="col">{t('projects.vendor.yourBidColumn')}</Table.Th>
                        <Table.Th scope="col">{t('projects.vendor.result')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
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
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </section>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
