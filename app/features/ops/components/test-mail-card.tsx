/**
 * "Send a test e-mail" (decision 019): sends one to the signed-in admin through the
 * app's mailer and shows that it went, or the transport's error. A plain form (works without
 * JavaScript); rate-limited on the server.
 */
import { SubmitButton } from '~/components/icon-button';
import { IconSend } from '@tabler/icons-react';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { showSuccessToast, useActionResult } from '~/components/forms/use-action-result';
import type { SystemActionResult } from '../system.page.server';
import { OpsCard } from './ops-card';

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
    <OpsCard
      id="test-mail"
      title={t('ops.testMail.title')}
      description={t('ops.testMail.description', { email, transport: t(`ops.system.facts.mailers.${mailer}`) })}
      testId="system-test-mail"
    >
      {(mine?.ok || (sentPlain && !mine)) && (
        <SuccessAlert role="status" data-testid="test-mail-sent">
          {t('ops.testMail.sent', { email })}
        </SuccessAlert>
      )}
      {failed?.errors?.form && <ErrorAlert data-testid="test-mail-error">{failed.errors.form}</ErrorAlert>}
      <Form method="post" ref={formRef}>
        <input type="hidden" name="intent" value="test-mail" />
        <SubmitButton variant="default" loading={busy} icon={IconSend} testId="test-mail-send">
          {t('ops.testMail.send')}
        </SubmitButton>
      </Form>
    </OpsCard>
  );
}
