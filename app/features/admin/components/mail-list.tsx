/**
 * The dev mailbox's messages: recipient, subject and time, with the plain-text body behind a
 * native disclosure (`<details>`: works without JavaScript and with the keyboard). The body is
 * rendered as text; the HTML part is never injected.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { MailboxMessage } from '../admin.server';
import { formatDateTime } from '~/lib/format';
import classes from './admin.module.css';

export function MailList({ messages }: { messages: MailboxMessage[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="mailbox-list">
      {messages.map((message) => (
        <Paper key={message.id} component="li" withBorder p="md" data-testid="mailbox-message">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 280px' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="mailbox-subject">
                {message.subject}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('admin.mailbox.to')}: {message.to}
              </Text>
            </Stack>
            <Text size="sm" c="dimmed">
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, lang)}</time>
            </Text>
          </Group>
          <details>
            <summary className={classes.mailSummary}>
              <Text span size="sm" fw={600}>
                {t('admin.mailbox.showBody')}
              </Text>
            </summary>
            <pre className={classes.mailBody} data-testid="mailbox-body">
              {message.text}
            </pre>
          </details>
        </Paper>
      ))}
    </Stack>
  );
}
