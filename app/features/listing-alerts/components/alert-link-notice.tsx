/**
 * The notice /subscriptions shows for a link from an alert e-mail (listing alerts): confirmed,
 * unsubscribed, unknown or cancelled links, and for an active alert's unsubscribe link the
 * question with its button (a POST: opening the link alone stops nothing).
 */
import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconBellOff, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { useLanguage } from '~/lib/use-language';
import type { AlertLinkOutcome } from '../listing-alerts.server';
import { describeCriteria } from './criteria-summary';

/** `token`: the unsubscribe link's own token, for the confirmation button (never another's). */
export type LinkNotice = AlertLinkOutcome & { link: 'unsubscribe' | 'confirm'; token?: string };

export function LinkNoticeAlert({ notice }: { notice: LinkNotice }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const search = notice.criteria ? describeCriteria(notice.criteria, t, lang) : null;
  if (notice.outcome === 'unknown') {
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle aria-hidden />}
        title={t(`forms.alerts.link.${notice.link}Unknown.title`)}
        data-testid="alert-link-notice"
      >
        {t(`forms.alerts.link.${notice.link}Unknown.body`)}
      </Alert>
    );
  }
  if (notice.outcome === 'ask') {
    return (
      <Alert color="blue" icon={<IconBellOff aria-hidden />} title={t('alerts.unsubscribeAsk.title')} data-testid="alert-link-notice">
        <Text size="sm">{t('alerts.unsubscribeAsk.body')}</Text>
        {search && (
          <Text size="sm" mt={4} fw={600}>
            {t('forms.alerts.link.search', { search })}
          </Text>
        )}
        <Form method="post" action="/subscriptions" replace>
          <input type="hidden" name="intent" value="unsubscribe" />
          <input type="hidden" name="token" value={notice.token ?? ''} />
          <Button type="submit" mt="sm" color="red" variant="light" data-testid="alert-unsubscribe-confirm">
            {t('alerts.unsubscribeAsk.button')}
          </Button>
        </Form>
      </Alert>
    );
  }
  if (notice.outcome === 'cancelled') {
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('forms.alerts.link.confirmCancelled.title')}
        data-testid="alert-link-notice"
      >
        {t('forms.alerts.link.confirmCancelled.body')}
      </Alert>
    );
  }
  const done = notice.link === 'unsubscribe' ? 'unsubscribed' : 'confirmed';
  return (
    <Alert
      color="teal"
      icon={notice.link === 'unsubscribe' ? <IconBellOff aria-hidden /> : <IconCircleCheck aria-hidden />}
      title={t(`forms.alerts.link.${done}.title`)}
      data-testid="alert-link-notice"
    >
      {t(`forms.alerts.link.${done}.body`)}
      {search && (
        <Text size="sm" mt={4} fw={600}>
          {t('forms.alerts.link.search', { search })}
        </Text>
      )}
    </Alert>
  );
}
