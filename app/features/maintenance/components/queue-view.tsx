/**
 * The maintenance queue as /admin/maintenance and /dashboard/maintenance show it (decision 026): the filters, a switch between the list and the board, and either one keyset page of
 * requests (title linking to the request, where, tenant, priority, status, reported, response
 * target) or the board — a column per status with its first cards and count. Refreshes live
 * when a request or work order changes.
 */
import { Anchor, Badge, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconLayoutKanban, IconList, IconTools } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { ListTable, NoWrapCell, TwoLineCell } from '~/components/lists/list-table';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import {
  BOARD_COUNT_CAP,
  hasQueueFilters,
  queueHref,
  type QueueBase,
  type QueueBoard,
  type QueueFilters,
  type QueueItem,
  type QueuePage,
} from '../queue.types';
import { PriorityBadge, RequestStatusBadge, SlaIndicator } from './queue-badges';
import { QueueFiltersForm } from './queue-filters';
import { useQueueLiveUpdates } from './use-queue-live';

export type QueueViewData = { base: QueueBase; filters: QueueFilters; building: BuildingOption | null } & (
  { view: 'list'; list: QueuePage } | { view: 'board'; board: QueueBoard }
);

function place(item: QueueItem, t: (key: string, values?: Record<string, unknown>) => string): string {
  return [item.buildingName, item.unitNumber ? t('maintenanceQueue.list.unit', { unit: item.unitNumber }) : null]
    .filter(Boolean)
    .join(' · ');
}

function ViewSwitch({ base, filters }: { base: QueueBase; filters: QueueFilters }) {
  const { t } = useTranslation();
  return (
    <Group gap={0} role="group" aria-label={t('maintenanceQueue.views.label')} data-testid="queue-views">
      {(['list', 'board'] as const).map((view, index) => (
        <Button
          key={view}
          component={Link}
          to={queueHref(base, filters, { view, after: null, ...(view === 'board' ? { status: 'open' as const } : {}) })}
          variant={filters.view === view ? 'filled' : 'default'}
          aria-current={filters.view === view ? 'page' : undefined}
          leftSection={view === 'list' ? <IconList size={16} aria-hidden /> : <IconLayoutKanban size={16} aria-hidden />}
          style={
            index === 0 ? { borderTopRightRadius: 0, borderBottomRightRadius: 0 } : { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }
          }
          data-testid={`queue-view-${view}`}
        >
          {t(`maintenanceQueue.views.${view}`)}
        </Button>
      ))}
    </Group>
  );
}

function QueueTable({ base, items, filtered }: { base: QueueBase; items: QueueItem[]; filtered: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ListTable
      texts="maintenanceQueue.list"
      columns={['request', 'place', 'priority', 'status', 'created', 'sla']}
      icon={IconTools}
      filtered={filtered}
      isEmpty={items.length === 0}
      minWidth={880}
      testIdPrefix="queue"
    >
      {items.map((item) => (
        <Table.Tr key={item.id} data-testid="queue-row" data-id={item.id} data-breached={item.slaBreachedAt ? 'true' : 'false'}>
          <Table.Td>
            <Anchor component={Link} to={`${base}/${item.id}`} fw={600} size="sm" data-testid="queue-open">
              {item.title}
            </Anchor>
            <Text size="xs" c="dimmed">
              #{item.id} · {t(`maintenanceQueue.category.${item.category}`)}
              {item.photoCount > 0 ? ` · ${t('maintenanceQueue.list.photos', { count: item.photoCount })}` : ''}
            </Text>
          </Table.Td>
          <TwoLineCell main={place(item, t) || '—'} detail={item.tenantName ?? t('maintenanceQueue.list.noTenant')} />
          <Table.Td>
            <PriorityBadge priority={item.priority} />
          </Table.Td>
          <Table.Td>
            <RequestStatusBadge status={item.status} />
          </Table.Td>
          <NoWrapCell>{formatDateTime(item.createdAt, lang)}</NoWrapCell>
          <Table.Td>
            <SlaIndicator item={item} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function BoardView({ base, filters, board }: { base: QueueBase; filters: QueueFilters; board: QueueBoard }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <SimpleGrid
        cols={5}
        spacing="sm"
        miw={1000}
        component="section"
        aria-label={t('maintenanceQueue.board.label')}
        data-testid="queue-board"
      >
        {board.columns.map((column) => (
          <Paper
            key={column.status}
            withBorder
            p="sm"
            bg="var(--mantine-color-default-hover)"
            component="section"
            aria-labelledby={`board-${column.status}`}
            data-testid="board-column"
            data-status={column.status}
            data-count={column.count}
          >
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Title order={2} size="h5" id={`board-${column.status}`}>
                {t(`maintenanceQueue.status.${column.status}`)}
              </Title>
              <Badge
                variant="default"
                aria-label={
                  column.capped
                    ? t('maintenanceQueue.board.capped', { count: BOARD_COUNT_CAP })
                    : t('maintenanceQueue.board.count', { count: column.count })
                }
                data-testid="board-count"
              >
                {column.capped ? `${BOARD_COUNT_CAP}+` : column.count}
              </Badge>
            </Group>
            <Stack gap="xs">
              {column.items.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('maintenanceQueue.board.empty')}
                </Text>
              )}
              {column.items.map((item) => (
                <Paper key={item.id} withBorder p="xs" data-testid="board-card" data-id={item.id}>
                  <Anchor component={Link} to={`${base}/${item.id}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {place(item, t) || '—'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.createdAt, lang)}
                  </Text>
                  <Group gap={4} mt={4}>
                    <PriorityBadge priority={item.priority} size="sm" />
                    {item.slaBreachedAt && <SlaIndicator item={item} />}
                  </Group>
                </Paper>
              ))}
              {column.count > column.items.length && (
                <Anchor
                  component={Link}
                  to={queueHref(base, filters, { view: 'list', status: column.status, after: null })}
                  size="sm"
                  data-testid="board-show-all"
                >
                  {t('maintenanceQueue.board.showAll')}
                </Anchor>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </ScrollArea>
  );
}

export function QueueView(data: QueueViewData) {
  const { t } = useTranslation();
  useQueueLiveUpdates();
  const { base, filters } = data;
  const filtered = hasQueueFilters(filters) || filters.after !== null;
  return (
    <Stack gap="md" data-testid="maintenance-queue">
      <Group justify="space-between" align="flex-end">
        <ViewSwitch base={base} filters={filters} />
      </Group>
      <QueueFiltersForm base={base} filters={filters} building={data.building} />
      {data.view === 'board' ? (
        <BoardView base={base} filters={filters} board={data.board} />
      ) : (
        <>
          <QueueTable base={base} items={data.list.items} filtered={filtered} />
          <KeysetPager
            label={t('maintenanceQueue.pagination.label')}
            firstHref={filters.after ? queueHref(base, filters, { after: null }) : null}
            firstLabel={t('maintenanceQueue.pagination.first')}
            nextHref={data.list.next ? queueHref(base, filters, { after: data.list.next }) : null}
            nextLabel={t('maintenanceQueue.pagination.next')}
            testId="queue-pagination"
          />
        </>
      )}
    </Stack>
  );
}
