/**
 * "My applications" on /dashboard: each application a signed-in user submitted, with its
 * reference, home, dates, status (and what it means), amounts and — while it is submitted or under
 * review — a Withdraw button. With JavaScript the button asks for confirmation first; without it,
 * the form posts at once (and the page comes back with a notice).
 */
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ApplicationActionResult, MyApplication } from '../applications.types';
import { ApplicationBadges } from './application-status-badge';
import { useApplicationOutcome } from './use-application-outcome';
import { PanelCard } from '~/components/panel-card';
import { Fact } from '~/components/fact';

const WITHDRAW = ['withdraw'] as const;

function WithdrawForm({ application, result }: { application: MyApplication; result: ApplicationActionResult | undefined }) {
  const { t } = useTranslation();
  // The toast is shown by the list: a withdrawn application's form is gone once the page updates.
  const { failed, busyIntent, formRef, formKey } = useApplicationOutcome(result, application.id, WITHDRAW, { toast: false });
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return (
    <Form
      method="post"
      ref={formRef}
      key={`withdraw-${application.id}-${formKey}`}
      preventScrollReset
      data-testid="my-application-withdraw-form"
    >
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="applicationId" value={application.id} />
      {failed?.errors.form && (
        <ErrorAlert mb="sm" data-testid="my-application-error">
          {failed.errors.form}
        </ErrorAlert>
      )}
      {confirming ? (
        <Stack gap="xs" role="group" aria-labelledby={`withdraw-question-${application.id}`}>
          <Text size="sm" fw={600} id={`withdraw-question-${application.id}`}>
            {t('applications.mine.confirm', { reference: application.reference })}
          </Text>
          <Group gap="sm">
            <Button
              type="submit"
              color="red.9"
              autoContrast
              ref={confirmRef}
              loading={busyIntent === 'withdraw'}
              data-testid="my-application-withdraw-confirm"
            >
              {t('applications.mine.confirmYes')}
            </Button>
            <Button type="button" variant="default" onClick={() => setConfirming(false)} disabled={busyIntent === 'withdraw'}>
              {t('applications.mine.confirmNo')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button
          type="submit"
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          // With JavaScript, ask first; without it, the button posts the form directly.
          onClick={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
          data-testid="my-application-withdraw"
        >
          {t('applications.mine.withdraw')}
        </Button>
      )}
    </Form>
  );
}

/** The amounts of an application, by their `applications.detail.*` label. */
const AMOUNTS = [
  ['rent', 'monthlyRentCents'],
  ['deposit', 'depositCents'],
  ['fee', 'applicationFeeCents'],
  ['dueNow', 'dueNowCents'],
  ['dueAtSigning', 'dueAtSigningCents'],
] as const satisfies readonly (readonly [string, keyof MyApplication])[];

export function MyApplications({
  applications,
  result,
  withdrawn,
}: {
  applications: MyApplication[];
  result: ApplicationActionResult | undefined;
  withdrawn: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  useApplicationOutcome(result, null, WITHDRAW);
  return (
    <PanelCard id="my-applications" title={t('applications.mine.title')} description={t('applications.mine.intro')}>
      {withdrawn && (
        <SuccessAlert mb="md" data-testid="my-applications-done">
          {t('applications.done.withdraw')}
        </SuccessAlert>
      )}
      <Stack gap="md">
        {applications.map((application) => (
          <Paper
            key={application.id}
            withBorder
            p="md"
            component="article"
            aria-labelledby={`my-application-${application.id}`}
            data-testid="my-application"
            data-reference={application.reference}
            data-status={application.status}
          >
            <Group justify="space-between" align="flex-start" gap="xs" mb={6}>
              <div>
                <Title order={3} size="h5" id={`my-application-${application.id}`}>
                  <Anchor component={Link} to={`/property/${application.propertyId}`} inherit>
                    {application.propertyTitle}
                  </Anchor>
                </Title>
                <Text size="sm" c="dimmed">
                  {t('applications.mine.reference')}{' '}
                  <Text span ff="monospace" size="sm" c="var(--mantine-color-text)">
                    {application.reference}
                  </Text>
                </Text>
              </div>
              <ApplicationBadges status={application.status} paymentState={application.paymentState} />
            </Group>
            <Text size="sm" mb="sm">
              {t('applications.mine.stay', {
                moveIn: formatIsoDate(application.moveIn, lang),
                moveOut: formatIsoDate(application.moveOut, lang),
                months: t('applications.detail.months', { count: application.leaseMonths }),
              })}
            </Text>
            <Text size="sm" mb="sm" data-testid="my-application-explain">
              {t(`applications.mine.explain.${application.status}`)}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" mb="sm">
              {AMOUNTS.map(([label, field]) => (
                <Fact key={label} label={t(`applications.detail.${label}`)} fw={600}>
                  {money(application[field])}
                </Fact>
              ))}
            </SimpleGrid>
            <Group justify="space-between" align="flex-end" gap="sm">
              <Text size="xs" c="dimmed">
                {t('applications.mine.submitted')}{' '}
                <time dateTime={application.createdAt}>{formatDateTime(application.createdAt, lang)}</time>
              </Text>
              {application.canWithdraw && <WithdrawForm application={application} result={result} />}
            </Group>
          </Paper>
        ))}
      </Stack>
    </PanelCard>
  );
}
