/**
 * /admin/database: "Download a backup" (a plain form that posts to /admin/database/backup; the
 * browser saves the archive) and the commands that back up and restore from a terminal.
 */
import { Button, Code, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { ErrorAlert } from '~/components/status-alerts';
import { DatabaseCard } from './ops-card';

export function BackupsCard({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <DatabaseCard part="backups">
      {failed && <ErrorAlert data-testid="backup-failed">{t('ops.database.backups.failed')}</ErrorAlert>}
      {/* A document post: the answer is a file the browser saves, not a page. */}
      <form method="post" action="/admin/database/backup">
        <Button type="submit" leftSection={<IconDownload size={16} aria-hidden />} data-testid="backup-download">
          {t('ops.database.backups.download')}
        </Button>
      </form>
      <Text size="sm">{t('ops.database.backups.downloadHint')}</Text>
      <div>
        <Text size="sm" fw={600}>
          {t('ops.database.backups.cli')}
        </Text>
        <Code block mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {'npm run backup -- --out backups/dimora.tar\nnpm run restore -- --in backups/dimora.tar'}
        </Code>
        <Text size="xs" c="dimmed" mt={4}>
          {t('ops.database.backups.cliHint')}
        </Text>
      </div>
    </DatabaseCard>
  );
}
