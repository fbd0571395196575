/**
 * The owner's message thread with the management (decision 061), on the owner portal and on the
 * admin's owner page: the messages oldest first (who wrote, when), then a plain form to write one
 * (intent `send-message`, works without JavaScript). `viewerSide` says which messages are "yours".
 */
import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Form } from 'react-router';
import { useActionResult } from '~/components/forms/use-action-result';
import { SectionCard } from '~/components/section-card';
import type { ActionResult } from '~/lib/action-result';
import { formatDateTime } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { OwnerMessageView } from '../owner-messages.server';

/** The longest message (owner-messages.server.ts `OWNER_MESSAGE_MAX`). */
const MESSAGE_MAX = 2000;

type Props = {
  messages: OwnerMessageView[];
  viewerSide: 'owner' | 'staff';
  result: ActionResult<string, object> | undefined;
  toast: { title: string; testId: string };
};

export function OwnerMessageThread({ messages, viewerSide, result, toast }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const outcome = useActionResult(result, { intent: 'send-message', toast });
  return (
    <SectionCard titleId="owner-messages" title={t('owners.messages.title')} description={t(`owners.messages.body.${viewerSide}`)}>
      <Stack gap="sm" data-testid="owner-messages">
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="owner-messages-empty">
            {t('owners.messages.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {messages.map((message) => {
              const mine = message.authorKind === viewerSide;
              return (
                <Paper
                  key={message.id}
                  component="li"
                  withBorder
                  p="sm"
                  bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
                  ml={mine ? 'xl' : 0}
                  mr={mine ? 0 : 'xl'}
                  data-testid="owner-message"
                  data-author={message.authorKind}
                >
                  <Text size="xs" c="dimmed">
                    {t(`owners.messages.author.${message.authorKind}`, { name: message.authorName ?? '' })} ·{' '}
                    {formatDateTime(message.createdAt, lang)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.body}
                  </Text>
                </Paper>
              );
            })}
          </Stack>
        )}
        <Form method="post" preventScrollReset ref={outcome.formRef} key={outcome.formKey} data-testid="owner-message-form" noValidate>
          <input type="hidden" name="intent" value="send-message" />
          <Stack gap="xs">
            <Textarea
              name="body"
              label={t('owners.messages.label')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={MESSAGE_MAX}
              required
              error={outcome.errors.body ?? outcome.errors.form}
              data-testid="owner-message-body"
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={outcome.busy}
              style={{ alignSelf: 'flex-start' }}
              data-testid="owner-message-submit"
            >
              {t('owners.messages.send')}
            </Button>
          </Stack>
        </Form>
      </Stack>
    </SectionCard>
  );
}
