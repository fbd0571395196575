/** /admin/database: the database's health — engine, version, size, round trip, connections. */
import { Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { formatBytes } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { DatabaseHealth } from '../database.server';
import { FactsCard } from './ops-card';

export function DatabaseHealthCard({ health }: { health: DatabaseHealth }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const items: [string, string, React.ReactNode][] = [
    [
      'status',
      t('ops.database.health.status'),
      <Group key="status" gap={6} wrap="nowrap">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
        <Text span fw={600} size="sm">
          {t('ops.database.health.connected')}
        </Text>
      </Group>,
    ],
    ['kind', t('ops.database.health.kind'), t(`ops.system.facts.kinds.${health.kind}`)],
    ['version', t('ops.database.health.version'), health.version],
    [
      'size',
      t('ops.database.health.size'),
      health.sizeBytes === null ? t('ops.database.health.unknown') : formatBytes(health.sizeBytes, lang),
    ],
    ['latency', t('ops.database.health.latency'), t('ops.database.health.latencyValue', { ms: health.latencyMs })],
    [
      'connections',
      t('ops.database.health.connections'),
      health.connections ? t('ops.database.health.connectionsValue', health.connections) : t('ops.database.health.connectionsEmbedded'),
    ],
  ];
  return <FactsCard id="database-health" title={t('ops.database.health.title')} labelWidth={150} items={items} />;
}
