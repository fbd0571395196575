/**
 * One maintenance request as staff see it (decision 026): what the tenant reported (unit,
 * tenant, description, entry permission and time windows, photos), the response target, its work
 * orders with their status, and the whole timeline — staff-only entries marked — beside the
 * commands (request-actions.tsx). Refreshes live when the request or its work order changes.
 */
import { Anchor, Badge, DataList, Grid, Group, Image, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconClipboardList, IconLock, IconMessage, IconProgress } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime, formatIsoDate } from '~/lib/format';
import { imageSrcSet } from '~/lib/images';
import { useLanguage } from '~/lib/use-language';
import type { QueueBase, RequestActionResult, RequestDetail, RequestIntent, TimelineEntry, VendorChoice } from '../queue.types';
import { PriorityBadge, RequestStatusBadge, SlaIndicator, WorkOrderStatusBadge } from './queue-badges';
import { RequestActions } from './request-actions';
import { useQueueLiveUpdates } from './use-queue-live';
import { SectionCard } from '~/components/section-card';
import { BackLink } from '~/components/back-link';
import type { ReactNode } from 'react';

type Props = {
  base: QueueBase;
  detail: RequestDetail;
  vendors: VendorChoice[];
  done: RequestIntent | null;
  result: RequestActionResult | undefined;
};

type T = (key: string, values?: Record<string, unknown>) => string;

/** What a timeline entry says, in the page's language. */
function entryText(entry: TimelineEntry, t: T): { title: string; body: string | null } {
  const status = (value: string | null) => (value ? t(`maintenanceQueue.status.${value}`) : '');
  switch (entry.kind) {
    case 'submitted':
      return { title: t('maintenanceQueue.timeline.kinds.submitted'), body: entry.body };
    case 'status':
      return {
        title: entry.fromStatus
          ? t('maintenanceQueue.timeline.kinds.status', { from: status(entry.fromStatus), to: status(entry.toStatus) })
          : t('maintenanceQueue.timeline.kinds.statusNew', { to: status(entry.toStatus) }),
        body: entry.body,
      };
    case 'triaged': {
      try {
        const parsed = JSON.parse(entry.body ?? '{}') as { priority?: string; category?: string };
        return {
          title: t('maintenanceQueue.timeline.kinds.triaged', {
            priority: parsed.priority ? t(`maintenanceQueue.priority.${parsed.priority}`) : '',
            category: parsed.category ? t(`maintenanceQueue.category.${parsed.category}`) : '',
          }),
          body: null,
        };
      } catch {
        return { title: t('maintenanceQueue.timeline.kinds.other'), body: entry.body };
      }
    }
    case 'assigned':
      return { title: t('maintenanceQueue.timeline.kinds.assigned', { vendor: entry.body ?? '' }), body: null };
    case 'comment':
    case 'scheduled':
    case 'rated':
    case 'sla_breached':
      return { title: t(`maintenanceQueue.timeline.kinds.${entry.kind}`), body: entry.body };
    default:
      return { title: t('maintenanceQueue.timeline.kinds.other'), body: entry.body };
  }
}

function TimelineCard({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <SectionCard titleId="request-timeline-title" title={t('maintenanceQueue.timeline.title')} titleSize="h4" titleMb="md">
      {entries.length === 0 ? (
        <Text c="dimmed">{t('maintenanceQueue.timeline.empty')}</Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={24} lineWidth={2} data-testid="request-timeline">
          {entries.map((entry) => {
            const { title, body } = entryText(entry, t);
            const icon = entry.internal ? (
              <IconLock size={12} aria-hidden />
            ) : entry.kind === 'comment' ? (
              <IconMessage size={12} aria-hidden />
            ) : (
              <IconProgress size={12} aria-hidden />
            );
            return (
              <Timeline.Item
                key={entry.id}
                bullet={icon}
                title={
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {title}
                    </Text>
                    {entry.internal && (
                      <Badge size="xs" variant="outline" color="gray.7" data-testid="timeline-internal">
                        {t('maintenanceQueue.timeline.internal')}
                      </Badge>
                    )}
                  </Group>
                }
                data-testid="timeline-entry"
                data-kind={entry.kind}
                data-internal={entry.internal ? 'true' : 'false'}
              >
                {body && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {body}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt={2}>
                  {entry.actorName ?? t('maintenanceQueue.timeline.system')} · {formatDateTime(entry.createdAt, lang)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </SectionCard>
  );
}

/** `children`, or a dimmed line saying there is nothing (`emptyText`) when `isEmpty`. */
function OrEmpty({ isEmpty, emptyText, children }: { isEmpty: boolean; emptyText: string; children: ReactNode }) {
  if (!isEmpty) return children;
  return (
    <Text size="sm" c="dimmed">
      {emptyText}
    </Text>
  );
}

function RequestCard({ detail }: { detail: RequestDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const items: [string, string, React.ReactNode][] = [
    [
      'unit',
      t('maintenanceQueue.detail.unit'),
      t('maintenanceQueue.detail.unitLabel', { unit: detail.unitNumber ?? '—', building: detail.buildingName ?? detail.unitTitle }),
    ],
    ['address', t('maintenanceQueue.detail.address'), `${detail.address}, ${detail.city}, ${detail.state}`],
    [
      'tenant',
      t('maintenanceQueue.detail.tenant'),
      detail.tenant ? (
        <Stack gap={0}>
          <Text size="sm">{detail.tenant.name}</Text>
          <Anchor href={`mailto:${detail.tenant.email}`} size="sm">
            {detail.tenant.email}
          </Anchor>
          {detail.tenant.phone && (
            <Anchor href={`tel:${detail.tenant.phone}`} size="sm">
              {detail.tenant.phone}
            </Anchor>
          )}
        </Stack>
      ) : (
        t('maintenanceQueue.detail.noTenant')
      ),
    ],
    ['category', t('maintenanceQueue.detail.category'), t(`maintenanceQueue.category.${detail.category}`)],
    ['location', t('maintenanceQueue.detail.location'), detail.location || '—'],
    ['created', t('maintenanceQueue.detail.created'), formatDateTime(detail.createdAt, lang)],
    ['slaDue', t('maintenanceQueue.detail.slaDue'), formatDateTime(detail.slaDueAt, lang)],
    [
      'firstResponse',
      t('maintenanceQueue.detail.firstResponse'),
      detail.firstResponseAt ? formatDateTime(detail.firstResponseAt, lang) : t('maintenanceQueue.detail.notYet'),
    ],
  ];
  if (detail.rating !== null)
    items.push([
      'rating',
      t('maintenanceQueue.detail.rating'),
      `${t('maintenanceQueue.detail.ratingValue', { rating: detail.rating })}${detail.ratingComment ? ` — ${detail.ratingComment}` : ''}`,
    ]);
  if (detail.cancelReason) items.push(['cancelReason', t('maintenanceQueue.detail.cancelReason'), detail.cancelReason]);
  return (
    <SectionCard titleId="request-card-title" title={t('maintenanceQueue.detail.request')} titleSize="h4" data-testid="request-card">
      <Text fw={600} size="sm" mb={4}>
        {t('maintenanceQueue.detail.description')}
      </Text>
      <Text size="sm" mb="md" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="request-description">
        {detail.description}
      </Text>
      <DataList labelWidth={160}>
        {items.map(([key, label, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`request-${key}`} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
      <Title order={3} size="h5" mt="md" mb={4}>
        {t('maintenanceQueue.detail.entry')}
      </Title>
      <Text size="sm" data-testid="request-permission" data-permission={detail.permissionToEnter ? 'yes' : 'no'}>
        {t(detail.permissionToEnter ? 'maintenanceQueue.detail.permissionYes' : 'maintenanceQueue.detail.permissionNo')}
      </Text>
      <Text size="sm" fw={600} mt="xs">
        {t('maintenanceQueue.detail.windows')}
      </Text>
      <OrEmpty isEmpty={detail.entryWindows.length === 0} emptyText={t('maintenanceQueue.detail.noWindows')}>
        <Stack gap={0} component="ul" style={{ margin: 0, paddingInlineStart: '1.2em' }} data-testid="request-windows">
          {detail.entryWindows.map((window) => (
            <Text component="li" size="sm" key={`${window.date}-${window.from}`}>
              {t('maintenanceQueue.detail.window', { date: formatIsoDate(window.date, lang), from: window.from, to: window.to })}
            </Text>
          ))}
        </Stack>
      </OrEmpty>
      {detail.entryNotes && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
          <Text span fw={600}>
            {t('maintenanceQueue.detail.entryNotes')}:
          </Text>{' '}
          {detail.entryNotes}
        </Text>
      )}
      <Title order={3} size="h5" mt="md" mb="xs">
        {t('maintenanceQueue.detail.photos')}
      </Title>
      <OrEmpty isEmpty={detail.photoUrls.length === 0} emptyText={t('maintenanceQueue.detail.noPhotos')}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="request-photos">
          {detail.photoUrls.map((url, index) => (
            <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer">
              <Image
                {...imageSrcSet(url)}
                sizes="(max-width: 48em) 50vw, 220px"
                radius="sm"
                h={140}
                fit="cover"
                loading="lazy"
                alt={t('maintenanceQueue.detail.photoAlt', { n: index + 1 })}
              />
            </Anchor>
          ))}
        </SimpleGrid>
      </OrEmpty>
    </SectionCard>
  );
}

function WorkOrdersCard({ detail }: { detail: RequestDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <SectionCard
      titleId="request-orders-title"
      title={
        <Group gap="xs" component="span">
          <IconClipboardList size={20} aria-hidden />
          {t('maintenanceQueue.workOrders.title')}
        </Group>
      }
      titleSize="h4"
      isEmpty={detail.workOrders.length === 0}
      emptyText={t('maintenanceQueue.workOrders.empty')}
      data-testid="request-work-orders"
    >
      <Stack gap="sm">
        {detail.workOrders.map((order) => (
          <Group
            key={order.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            data-testid="work-order"
            data-vendor={order.vendorName}
          >
            <Stack gap={0}>
              <Text fw={600} size="sm">
                #{order.id} · {order.vendorName}
              </Text>
              <Text size="xs" c="dimmed">
                {t('maintenanceQueue.workOrders.created', { time: formatDateTime(order.createdAt, lang) })}
                {order.scheduledFor
                  ? ` · ${t('maintenanceQueue.workOrders.scheduled', { time: formatDateTime(order.scheduledFor, lang) })}`
                  : ''}
                {order.dueAt ? ` · ${t('maintenanceQueue.workOrders.due', { time: formatDateTime(order.dueAt, lang) })}` : ''}
              </Text>
              {order.instructions && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {order.instructions}
                </Text>
              )}
            </Stack>
            <WorkOrderStatusBadge status={order.status} />
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}

export function RequestDetailView({ base, detail, vendors, done, result }: Props) {
  const { t } = useTranslation();
  useQueueLiveUpdates(detail.id);
  return (
    <Stack gap="lg" data-testid="request-detail" data-status={detail.status}>
      <Group gap="xs" wrap="wrap">
        <BackLink to={base}>{t('maintenanceQueue.detail.back')}</BackLink>
      </Group>
      <Group gap="xs" wrap="wrap" data-testid="request-badges">
        <RequestStatusBadge status={detail.status} size="lg" />
        <PriorityBadge priority={detail.priority} size="lg" />
        <SlaIndicator item={detail} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <RequestCard detail={detail} />
            <WorkOrdersCard detail={detail} />
            <TimelineCard entries={detail.timeline} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <RequestActions detail={detail} vendors={vendors} done={done} result={result} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
