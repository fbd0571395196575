/**
 * The panel of one application (`?id=`): applicant, stay and occupants, amounts, payments (card
 * brand and last 4 only), the lease approval created, the history from the audit log, and the
 * decision form — one `<Form method="post">` whose submit buttons carry the `intent` of each step
 * the current status allows (start review, approve, reject), with an optional note to the
 * applicant. Works without JavaScript; with it, a toast confirms and the panel updates in place.
 */
import {
  Alert,
  Anchor,
  Button,
  DataList,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCheck, IconEye, IconInfoCircle, IconX } from '@tabler/icons-react';
import { ErrorAlert } from '~/components/status-alerts';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ScrollTable } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { cardBrandName } from '~/lib/card-brands';
import type { Language } from '~/lib/constants';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { intlLocale } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import {
  intentFor,
  REVIEW_NOTE_MAX,
  STAFF_INTENTS,
  STAFF_TRANSITIONS,
  type ApplicationActionResult,
  type ApplicationDetail,
  type StaffIntent,
} from '../applications.types';
import { ApplicationBadges } from './application-status-badge';
import { useApplicationOutcome } from './use-application-outcome';

type Props = { application: ApplicationDetail; result: ApplicationActionResult | undefined; closeHref: string };

const STAFF_INTENT_LIST = Object.keys(STAFF_INTENTS) as StaffIntent[];

const INTENT_LOOK: Record<StaffIntent, { color?: string; variant: 'filled' | 'default'; icon: ReactNode }> = {
  review: { variant: 'default', icon: <IconEye size={16} aria-hidden /> },
  approve: { color: 'teal.9', variant: 'filled', icon: <IconCheck size={16} aria-hidden /> },
  reject: { color: 'red.9', variant: 'filled', icon: <IconX size={16} aria-hidden /> },
};

function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([intlLocale(lang)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Facts({ items }: { items: [label: string, value: ReactNode, testId?: string][] }) {
  return (
    <DataList labelWidth={150}>
      {items.map(([label, value, testId]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

export function ApplicationDetailPanel({ application: app, result, closeHref }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const { failed, busyIntent, formRef, formKey } = useApplicationOutcome(result, app.id, STAFF_INTENT_LIST);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the panel they opened.
  useEffect(() => headingRef.current?.focus(), [app.id]);

  const intents = STAFF_TRANSITIONS[app.status].map(intentFor);
  const unpaid = app.paymentState === 'failed' || app.paymentState === 'pending';
  const unitBlocked = app.property.status !== 'available';
  const approveHint = intents.includes('approve')
    ? unpaid
      ? t('applications.detail.approveUnpaid')
      : unitBlocked
        ? t('applications.detail.approveUnit', { status: t(`applications.unitStatus.${app.property.status}`).toLowerCase() })
        : null
    : null;
  const country = useMemo(() => countryName(app.country, lang), [app.country, lang]);

  return (
    <Paper
      withBorder
      p="lg"
      component="section"
      aria-labelledby="application-detail-title"
      data-testid="application-detail"
      data-reference={app.reference}
      data-status={app.status}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Stack gap={6}>
          <Title order={2} size="h4" id="application-detail-title" ref={headingRef} tabIndex={-1}>
            {t('applications.detail.title', { reference: app.reference })}
          </Title>
          <ApplicationBadges status={app.status} paymentState={app.paymentState} />
        </Stack>
        <Anchor
          component={Link}
          to={closeHref}
          preventScrollReset
          aria-label={t('applications.detail.close')}
          title={t('applications.detail.close')}
          c="dimmed"
          data-testid="application-close"
        >
          <IconX size={20} aria-hidden />
        </Anchor>
      </Group>
      <Text size="sm" mb="md">
        <Anchor component={Link} to={`/property/${app.property.id}`} fw={600}>
          {app.property.title}
        </Anchor>{' '}
        · {app.property.city}, {app.property.state} ·{' '}
        <Text span size="sm" c="dimmed" data-testid="application-unit-status" data-status={app.property.status}>
          {t('applications.detail.unit', { status: t(`applications.unitStatus.${app.property.status}`) })}
        </Text>
      </Text>

      {failed?.errors.form && (
        <ErrorAlert mb="md" data-testid="application-error">
          {failed.errors.form}
        </ErrorAlert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        <Section title={t('applications.detail.applicant')} id="application-applicant">
          <Facts
            items={[
              [t('applications.detail.name'), `${app.firstName} ${app.lastName}`, 'application-name'],
              [
                t('applications.detail.email'),
                <Anchor key="email" href={`mailto:${app.email}`} size="sm">
                  {app.email}
                </Anchor>,
              ],
              [
                t('applications.detail.phone'),
                <Anchor key="phone" href={`tel:${app.phone.replace(/[^\d+]/g, '')}`} size="sm">
                  {app.phone}
                </Anchor>,
              ],
              [t('applications.detail.address'), `${app.currentAddress}, ${app.zipCode} ${app.city}, ${country}`],
              [t('applications.detail.account'), t(app.hasAccount ? 'applications.detail.accountYes' : 'applications.detail.accountGuest')],
              [t('applications.detail.language'), t(`applications.detail.languages.${app.locale === 'it' ? 'it' : 'en'}`)],
            ]}
          />
        </Section>
        <Section title={t('applications.detail.stay')} id="application-stay">
          <Facts
            items={[
              [t('applications.detail.moveIn'), formatIsoDate(app.moveIn, lang), 'application-move-in'],
              [t('applications.detail.moveOut'), formatIsoDate(app.moveOut, lang)],
              [t('applications.detail.leaseMonths'), t('applications.detail.months', { count: app.leaseMonths })],
              [t('applications.detail.occupants'), t('applications.detail.occupantsValue', { adults: app.adults, children: app.children })],
              [
                t('applications.detail.submitted'),
                <time key="created" dateTime={app.createdAt}>
                  {formatDateTime(app.createdAt, lang)}
                </time>,
              ],
            ]}
          />
          {app.specialRequests && (
            <div>
              <Text size="sm" fw={600}>
                {t('applications.detail.specialRequests')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="application-requests">
                {app.specialRequests}
              </Text>
            </div>
          )}
        </Section>
        <Section title={t('applications.detail.amounts')} id="application-amounts">
          <Facts
            items={[
              [t('applications.detail.rent'), money(app.monthlyRentCents), 'application-rent'],
              [t('applications.detail.deposit'), money(app.depositCents)],
              [t('applications.detail.fee'), money(app.applicationFeeCents)],
              [t('applications.detail.dueNow'), money(app.dueNowCents)],
              [t('applications.detail.dueAtSigning'), money(app.dueAtSigningCents)],
              [t('applications.detail.paymentMethod'), t(`applications.paymentMethod.${app.paymentMethod}`)],
            ]}
          />
        </Section>
        <Section title={t('applications.detail.payments')} id="application-payments">
          {app.payments.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="application-no-payments">
              {t('applications.detail.noPayments')}
            </Text>
          ) : (
            <ScrollTable
              minWidth={320}
              verticalSpacing={4}
              data-testid="application-payments"
              columns={(['paymentKind', 'paymentAmount', 'paymentCard'] as const).map((column) => ({
                label: t(`applications.detail.${column}`),
              }))}
            >
              {app.payments.map((entry) => (
                <Table.Tr key={entry.id} data-testid="application-payment" data-status={entry.status}>
                  <Table.Td>
                    <Text size="sm">{t(`applications.paymentKind.${entry.kind}`)}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`applications.paymentStatus.${entry.status}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {money(entry.amountCents)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {entry.cardLast4
                        ? t('applications.detail.cardEnding', {
                            brand: cardBrandName(entry.cardBrand, t('applications.detail.card')),
                            last4: entry.cardLast4,
                          })
                        : '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          )}
          {app.lease && (
            <Alert
              color="teal"
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              data-testid="application-lease"
              data-status={app.lease.status}
            >
              <Anchor
                component={Link}
                to={`${closeHref.startsWith('/admin') ? '/admin' : '/dashboard'}/leases/${app.lease.id}`}
                data-testid="application-lease-link"
              >
                {t('applications.detail.lease', {
                  status: t(`applications.leaseStatus.${app.lease.status}`),
                  start: formatIsoDate(app.lease.startDate, lang),
                  end: formatIsoDate(app.lease.endDate, lang),
                })}
              </Anchor>
            </Alert>
          )}
        </Section>
      </SimpleGrid>

      <Divider my="lg" />
      <Section title={t('applications.detail.history')} id="application-history">
        {app.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('applications.detail.noHistory')}
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={app.history.length - 1} data-testid="application-history">
            {app.history.map((entry) => (
              <Timeline.Item
                key={entry.id}
                title={
                  entry.action === 'application_submitted'
                    ? t('applications.history.submitted')
                    : t('applications.history.changed', {
                        from: entry.from ? t(`applications.status.${entry.from}`) : '?',
                        to: entry.to ? t(`applications.status.${entry.to}`) : '?',
                      })
                }
                data-testid="application-history-entry"
              >
                <Text size="xs" c="dimmed">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, lang)}</time>
                  {' · '}
                  {entry.actorName ?? t('applications.history.applicant')}
                </Text>
                {entry.note && (
                  <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {t('applications.history.note', { note: entry.note })}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Section>

      <Divider my="lg" />
      <Section title={t('applications.detail.decision')} id="application-decision">
        {intents.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="application-final">
            {t('applications.detail.final', { status: t(`applications.status.${app.status}`).toLowerCase() })}
          </Text>
        ) : (
          <Form
            method="post"
            ref={formRef}
            key={`decision-${app.id}-${app.status}-${formKey}`}
            preventScrollReset
            data-testid="application-decision-form"
          >
            <input type="hidden" name="applicationId" value={app.id} />
            <Stack gap="sm">
              <Textarea
                name="note"
                label={t('applications.detail.note')}
                description={t('applications.detail.noteHint')}
                maxLength={REVIEW_NOTE_MAX}
                autosize
                minRows={2}
                maxRows={8}
                error={failed?.errors.note}
              />
              {approveHint && (
                <Text size="sm" c="dimmed" id="application-approve-hint" data-testid="application-approve-hint">
                  {approveHint}
                </Text>
              )}
              <Group gap="sm" wrap="wrap">
                {intents.map((intent) => {
                  const look = INTENT_LOOK[intent];
                  const blocked = intent === 'approve' && approveHint !== null;
                  return (
                    <Button
                      key={intent}
                      type="submit"
                      name="intent"
                      value={intent}
                      color={look.color}
                      variant={look.variant}
                      autoContrast
                      leftSection={look.icon}
                      loading={busyIntent === intent}
                      disabled={blocked || (busyIntent !== null && busyIntent !== intent)}
                      aria-describedby={blocked ? 'application-approve-hint' : undefined}
                      data-testid={`application-${intent}`}
                    >
                      {t(`applications.actions.${intent}`)}
                    </Button>
                  );
                })}
              </Group>
            </Stack>
          </Form>
        )}
      </Section>
    </Paper>
  );
}
