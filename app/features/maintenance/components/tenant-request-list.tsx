/**
 * The tenant's maintenance requests (decision 027): requests kept on this device
 * while offline ("waiting to send", or "not sent" with the server's reason and a way to discard),
 * then the requests the server has, newest first, filtered open / finished / all and paged with
 * plain links (no JavaScript needed).
 */
import { Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconPhoto, IconTools, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import type { Language } from '~/lib/constants';
import { formatDateTime } from '~/lib/format';
import type { TenantRequestFilter, TenantRequestList } from '../tenant-request-queries.server';
import { tenantRequestPath } from '../tenant-requests.schemas';
import { EmergencyLine } from './emergency-line';
import type { QueuedRequest } from './offline-queue';
import { PriorityBadge, StatusBadge } from './tenant-request-badges';

const FILTERS: readonly TenantRequestFilter[] = ['open', 'closed', 'all'];

/** Requests written offline and not yet stored by the server. */
export function QueuedRequests({
  items,
  sending,
  phone,
  onDiscard,
  lang,
}: {
  items: QueuedRequest[];
  sending: string | null;
  phone: string;
  onDiscard: (clientId: string) => void;
  lang: Language;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const emergency = items.some((item) => item.fields.priority === 'emergency' && item.state === 'waiting');
  return (
    <Stack gap="sm" component="section" aria-labelledby="queued-title" data-testid="queued-requests">
      <Title order={2} size="h4" id="queued-title">
        <IconWifiOff size={18} aria-hidden style={{ verticalAlign: '-3px' }} /> {t('maintenance.offline.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('maintenance.offline.body')}
      </Text>
      {emergency && <EmergencyLine phone={phone} prominent title={t('maintenance.offline.emergencyTitle')} />}
      {items.map((item) => (
        <Card key={item.clientId} withBorder padding="md" data-testid="queued-request" data-state={item.state}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={4} style={{ flex: '1 1 260px' }}>
              <Text fw={600}>{item.fields.title || t('maintenance.offline.untitled')}</Text>
              <Text size="xs" c="dimmed">
                {t('maintenance.offline.writtenAt', { when: formatDateTime(item.createdAt, lang) })}
                {item.photos.length > 0 && ` · ${t('maintenance.list.photos', { count: item.photos.length })}`}
              </Text>
              {item.state === 'refused' && (
                <Text size="sm" c="red.8" role="alert">
                  {t('maintenance.offline.refused', { reason: item.error ?? '' })}
                </Text>
              )}
            </Stack>
            <Group gap="xs">
              {item.fields.priority && <PriorityBadge priority={item.fields.priority} />}
              {item.state === 'waiting' ? (
                <Badge color="yellow.5" autoContrast leftSection={<IconCloudUpload size={12} aria-hidden />} data-testid="queued-state">
                  {sending === item.clientId ? t('maintenance.offline.sending') : t('maintenance.offline.waiting')}
                </Badge>
              ) : (
                <Button size="compact-sm" variant="default" onClick={() => onDiscard(item.clientId)}>
                  {t('maintenance.offline.discard')}
                </Button>
              )}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The server's requests with filter links and paging. */
export function RequestList({ list, lang }: { list: TenantRequestList; lang: Language }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const href = (filter: TenantRequestFilter, page = 1) => `?filter=${filter}${page > 1 ? `&page=${page}` : ''}`;
  return (
    <Stack gap="md" component="section" aria-labelledby="requests-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="requests-title">
          {t('maintenance.list.title')}
        </Title>
        <Group gap={4} role="navigation" aria-label={t('maintenance.list.filterLabel')}>
          {FILTERS.map((filter) => (
            <Button
              key={filter}
              component={Link}
              to={href(filter)}
              size="compact-sm"
              variant={list.filter === filter ? 'filled' : 'default'}
              aria-current={list.filter === filter ? 'page' : undefined}
              preventScrollReset
            >
              {t(`maintenance.list.filters.${filter}`)}
            </Button>
          ))}
        </Group>
      </Group>
      {list.items.length === 0 ? (
        <Card withBorder padding="xl" data-testid="requests-empty">
          <Stack align="center" gap="xs">
            <IconTools size={30} aria-hidden />
            <Text fw={600}>{t(`maintenance.list.empty.${list.filter}`)}</Text>
            <Button component={Link} to="/tenant-portal/maintenance/new" variant="light">
              {t('maintenance.list.report')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="request-list">
          {list.items.map((item) => (
            <Card key={item.id} withBorder padding="md" data-testid="request-row" data-request-id={item.id} data-status={item.status}>
              <Group wrap="nowrap" align="flex-start" gap="md">
                {item.photoUrl ? (
                  <Image
                    src={item.photoUrl.replace(/-\d+\.webp$/, '-400.webp')}
                    alt=""
                    w={72}
                    h={72}
                    radius="sm"
                    fit="cover"
                    visibleFrom="xs"
                  />
                ) : (
                  <Card withBorder w={72} h={72} p={0} visibleFrom="xs" style={{ display: 'grid', placeItems: 'center' }} aria-hidden>
                    <IconPhoto size={24} color="var(--mantine-color-dimmed)" />
                  </Card>
                )}
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Anchor component={Link} to={tenantRequestPath(item.id)} fw={600} data-testid="request-link">
                      {item.title}
                    </Anchor>
                    <Group gap={6}>
                      <PriorityBadge priority={item.priority} />
                      <StatusBadge status={item.status} />
                    </Group>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t(`maintenance.category.${item.category}`)} · {item.unitLabel}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('maintenance.list.reported', { when: formatDateTime(item.createdAt, lang) })}
                    {item.photoCount > 0 && ` · ${t('maintenance.list.photos', { count: item.photoCount })}`}
                    {item.rating !== null && ` · ${t('maintenance.list.rated', { rating: item.rating })}`}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Group justify="center" gap="xs" role="navigation" aria-label={t('maintenance.list.pages')}>
          {list.page > 1 && (
            <Button component={Link} to={href(list.filter, list.page - 1)} variant="default" size="compact-sm">
              {t('maintenance.list.previous')}
            </Button>
          )}
          <Text size="sm">{t('maintenance.list.pageOf', { page: list.page, pages })}</Text>
          {list.page < pages && (
            <Button component={Link} to={href(list.filter, list.page + 1)} variant="default" size="compact-sm">
              {t('maintenance.list.next')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
