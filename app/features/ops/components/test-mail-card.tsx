/**
 * "Send a test e-mail" (decision 019): sends one to the signed-in admin through the
 * app's mailer and shows that it went, or the transport's error. A plain form (works without
 * JavaScript); rate-limited on the server.
 */
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { showSuccessToast, useActionResult } from '~/components/forms/use-action-result';
import type { SystemActionResult } from '../system.page.server';

type Props = {
  email: string;
  mailer: 'smtp' | 'mailbox';
  result: SystemActionResult | undefined;
  /** A plain (no-JavaScript) post sent it and was redirected back. */
  sentPlain: boolean;
};

export function TestMailCard({ email, mailer, result, sentPlain }: Props) {
  const { t } = useTranslation();
  const {
    failed,
    busy,
    formRef,
    result: mine,
  } = useActionResult(result, {
    intent: 'test-mail',
    toast: false,
    onSuccess: () => showSuccessToast(t, t('ops.testMail.sent', { email }), { testId: 'ops-toast' }),
  });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="test-mail-title" id="test-mail" data-testid="system-test-mail">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="test-mail-title">
            {t('ops.testMail.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ops.testMail.description', { email, transport: t(`ops.system.facts.mailers.${mailer}`) })}
          </Text>
        </div>
        {(mine?.ok || (sentPlain && !mine)) && (
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="test-mail-sent">
            {t('ops.testMail.sent', { email })}
          </Alert>
        )}
        {failed?.errors?.form && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="test-mail-error">
            {failed.errors.form}
          </Alert>
        )}
        <Form method="post" ref={formRef}>
          <input type="hidden" name="intent" value="test-mail" />
          <Button
            type="submit"
            variant="default"
            loading={busy}
            leftSection={<IconSend size={16} aria-hidden />}
            data-testid="test-mail-send"
          >
            {t('ops.testMail.send')}
          </Button>
        </Form>
      </Stack>
    </Paper>
  );
}
