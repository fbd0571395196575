/**
 * Facts about this server on /admin/system (decision 019): version, uptime, database,
 * mail transport, payment provider and whether error monitoring runs. Never a secret.
 */
import { useTranslation } from '~/lib/i18n';
import { formatDuration } from '~/lib/format';
import type { SystemFacts } from '../system.page.server';
import { FactsCard } from './ops-card';

export function SystemFactsCard({ facts }: { facts: SystemFacts }) {
  const { t } = useTranslation();
  const items: [string, string, string][] = [
    ['version', t('ops.system.facts.version'), facts.appVersion],
    ['uptime', t('ops.system.facts.uptime'), formatDuration(facts.uptimeS)],
    ['node', t('ops.system.facts.node'), facts.nodeVersion],
    ['database', t('ops.system.facts.database'), `${t(`ops.system.facts.kinds.${facts.database.kind}`)} ${facts.database.version}`],
    ['mail', t('ops.system.facts.mail'), t(`ops.system.facts.mailers.${facts.mailer}`)],
    [
      'payments',
      t('ops.system.facts.payments'),
      facts.payments.testMode ? t('ops.system.facts.testMode', { provider: facts.payments.provider }) : facts.payments.provider,
    ],
    [
      'monitoring',
      t('ops.system.facts.monitoring'),
      facts.monitoringHost ? t('ops.system.facts.monitoringOn', { host: facts.monitoringHost }) : t('ops.system.facts.monitoringOff'),
    ],
  ];
  return (
    <FactsCard
      id="system-facts"
      title={t('ops.system.facts.title')}
      labelWidth={170}
      items={items}
      valueTestIdPrefix="system-fact"
      valueStyle={{ overflowWrap: 'anywhere' }}
    />
  );
}
