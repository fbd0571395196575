/**
 * What a work order is about, shown to its vendor and to staff (decision 029): the
 * job (request or project), where it is (the unit's address — the vendor sees it because the
 * work is theirs), the tenant's permission to enter with the time windows and notes, the
 * request's photos, the instructions and the dates.
 */
import { Anchor, Badge, Group, Image, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDoorEnter, IconMapPin, type Icon } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { VendorWorkOrderDetail } from '../work-orders.types';
import { PriorityBadge } from './badges';

type Detail = Pick<
  VendorWorkOrderDetail,
  | 'title'
  | 'kind'
  | 'request'
  | 'project'
  | 'place'
  | 'instructions'
  | 'scheduledFor'
  | 'dueAt'
  | 'createdAt'
  | 'declineReason'
  | 'cancelReason'
  | 'completionNotes'
>;

/** A definition row: a label and its value. */
function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A block of the facts whose heading (`workOrders.detail.<name>`, id `<name>-title`) has an icon
 * before it; tested as `work-order-<name>`.
 */
function IconSection({ name, icon: IconComponent, children }: { name: 'place' | 'entry'; icon: Icon; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${name}-title`} data-testid={`work-order-${name}`}>
      <Group gap="xs" mb="xs">
        <IconComponent size={18} aria-hidden />
        <Title order={2} size="h4" id={`${name}-title`}>
          {t(`workOrders.detail.${name}`)}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

export function WorkOrderFacts({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { request, place } = detail;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="job-title">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h4" id="job-title">
            {t('workOrders.detail.job')}
          </Title>
          {request && (
            <Group gap="xs">
              <PriorityBadge priority={request.priority} />
              <Badge variant="outline" color="gray.7">
                {t(`workOrders.category.${request.category}`, { defaultValue: request.category })}
              </Badge>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {request && <Fact label={t('workOrders.detail.description')}>{request.description}</Fact>}
          {request?.location && <Fact label={t('workOrders.detail.location')}>{request.location}</Fact>}
          {detail.project && (
            <Fact label={t('workOrders.detail.project')}>
              {detail.project.name}
              {detail.project.description ? `\n${detail.project.description}` : ''}
            </Fact>
          )}
          {detail.instructions && <Fact label={t('workOrders.detail.instructions')}>{detail.instructions}</Fact>}
          {detail.dueAt && <Fact label={t('workOrders.detail.due')}>{formatDateTime(detail.dueAt, lang)}</Fact>}
          <Fact label={t('workOrders.detail.visit')} testId="work-order-visit">
            {detail.scheduledFor ? formatDateTime(detail.scheduledFor, lang) : t('workOrders.detail.notScheduled')}
          </Fact>
          {detail.declineReason && <Fact label={t('workOrders.detail.declineReason')}>{detail.declineReason}</Fact>}
          {detail.cancelReason && <Fact label={t('workOrders.detail.cancelReason')}>{detail.cancelReason}</Fact>}
          {detail.completionNotes && <Fact label={t('workOrders.detail.completionNotes')}>{detail.completionNotes}</Fact>}
        </SimpleGrid>
      </Paper>
      {place && (
        <IconSection name="place" icon={IconMapPin}>
          <Text size="sm" fw={600}>
            {place.buildingName}
            {place.unitNumber ? ` · ${t('workOrders.detail.unit', { unit: place.unitNumber })}` : ''}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {[place.address, [place.city, place.state, place.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
          </Text>
        </IconSection>
      )}
      {request && (
        <IconSection name="entry" icon={IconDoorEnter}>
          <Text size="sm" fw={600} data-testid="entry-permission" data-permission={request.permissionToEnter ? 'yes' : 'no'}>
            {t(request.permissionToEnter ? 'workOrders.detail.permissionYes' : 'workOrders.detail.permissionNo')}
          </Text>
          {request.entryWindows.length > 0 ? (
            <List size="sm" mt="xs" spacing={2}>
              {request.entryWindows.map((window) => (
                <List.Item key={`${window.date}-${window.from}`}>
                  {t('workOrders.detail.window', { date: formatIsoDate(window.date, lang), from: window.from, to: window.to })}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed" mt="xs">
              {t('workOrders.detail.noWindows')}
            </Text>
          )}
          {request.entryNotes && (
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
              {t('workOrders.detail.entryNotes', { notes: request.entryNotes })}
            </Text>
          )}
        </IconSection>
      )}
      {request && request.photoUrls.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="request-photos-title">
          <Title order={2} size="h4" id="request-photos-title" mb="xs">
            {t('workOrders.detail.requestPhotos')}
          </Title>
          <PhotoStrip urls={request.photoUrls} label={t('workOrders.detail.requestPhoto')} />
        </Paper>
      )}
    </Stack>
  );
}

/** Photos as small thumbnails, each a link to the full picture. */
export function PhotoStrip({ urls, label }: { urls: string[]; label: string }) {
  return (
    <Group gap="xs" data-testid="photo-strip">
      {urls.map((url, index) => (
        <Anchor key={url} href={url} target="_blank" rel="noopener" aria-label={`${label} ${index + 1}`}>
          <Image
            src={url.replace(/-\d+\.webp$/, '-400.webp')}
            alt={`${label} ${index + 1}`}
            w={112}
            h={84}
            fit="cover"
            radius="sm"
            loading="lazy"
          />
        </Anchor>
      ))}
    </Group>
  );
}
