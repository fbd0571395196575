/**
 * A project's work orders tab: the work orders made for it (the award makes the first), with the
 * vendor, status, dates and what their approved and paid invoices add to the project's spend.
 * Work orders are run from the assignments page.
 */
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatCents, formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { ListTable, NoWrapCell } from '~/components/lists/list-table';
import type { ProjectDetail } from '../project-queries.server';

const OPEN = new Set(['offered', 'accepted', 'scheduled', 'in_progress']);

export function WorkOrdersTab({ detail, assignmentsPath }: { detail: ProjectDetail; assignmentsPath: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Stack gap="md" data-testid="project-work-orders">
      <ListTable
        texts="projects.workOrders"
        columns={['number', 'vendor', 'status', 'dates', { key: 'invoiced', align: 'right' }]}
        icon={IconClipboardList}
        isEmpty={detail.workOrders.length === 0}
        minWidth={720}
        highlightOnHover={false}
        testIdPrefix="work-orders"
      >
        {detail.workOrders.map((order) => (
          <Table.Tr key={order.id} data-testid="work-order-row" data-work-order={order.id} data-status={order.status}>
            <Table.Td>
              <Text size="sm" fw={600}>
                #{order.id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{order.vendorName}</Text>
            </Table.Td>
            <Table.Td>
              <Badge
                color={OPEN.has(order.status) ? 'blue.9' : order.status === 'completed' ? 'teal.9' : 'gray.7'}
                variant="filled"
                autoContrast
              >
                {t(`projects.workOrders.statuses.${order.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="xs">
                {t('projects.workOrders.created', {
                  date: formatDateTime(order.createdAt, lang),
                })}
              </Text>
              {order.scheduledFor && (
                <Text size="xs">
                  {t('projects.workOrders.scheduled', {
                    date: formatDateTime(order.scheduledFor, lang),
                  })}
                </Text>
              )}
              {order.completedAt && (
                <Text size="xs">
                  {t('projects.workOrders.completed', {
                    date: formatDateTime(order.completedAt, lang),
                  })}
                </Text>
              )}
            </Table.Td>
            <NoWrapCell ta="right">{formatCents(order.invoicedCents, lang)}</NoWrapCell>
          </Table.Tr>
        ))}
      </ListTable>
      <Text size="sm" c="dimmed">
        {t('projects.workOrders.hint')}{' '}
        <Anchor component={Link} to={assignmentsPath} size="sm" underline="always">
          {t('projects.workOrders.assignments')}
        </Anchor>
      </Text>
    </Stack>
  );
}
