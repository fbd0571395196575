/**
 * /admin/database: "Download a backup" (a plain form that posts to /admin/database/backup; the
 * browser saves the archive) and the commands that back up and restore from a terminal.
 */
import { Alert, Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';

export function BackupsCard({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="backups-title" id="backups" data-testid="database-backups">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="backups-title">
            {t('ops.database.backups.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ops.database.backups.description')}
          </Text>
        </div>
        {failed && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="backup-failed">
            {t('ops.database.backups.failed')}
          </Alert>
        )}
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
      </Stack>
    </Paper>
  );
}
