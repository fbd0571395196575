/**
 * One of the tenant's maintenance requests (decision 027): where it stands on the way
 * submitted → triaged → scheduled → in progress → completed → closed (or cancelled), the visit
 * when one is scheduled, what was reported (photos, where, entry permission and windows), the
 * timeline (updated live by the page), and what the tenant may do now: comment, cancel while
 * nobody has been sent, rate the finished work once. Every command is a plain form (works
 * without JavaScript); the 24/7 line stays at the top of an open emergency.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Rating,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  Timeline,
  Title,
  useMatches,
} from '@mantine/core';
import { StarRating } from '~/components/star-rating';
import { Fact } from '~/components/fact';
import { IconCalendarEvent, IconCheck, IconMessage, IconStar, IconX } from '@tabler/icons-react';
import { ErrorAlert } from '~/components/status-alerts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, useNavigation } from 'react-router';
import { useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import type { Language } from '~/lib/constants';
import { formatDateTime, formatIsoDate } from '~/lib/format';
import { imageSrcSet } from '~/lib/images';
import type { TenantRequestView, TenantTimelineEntry } from '../tenant-request-queries.server';
import { MAINTENANCE_LIMITS } from '../tenant-requests.schemas';
import type { ActionResult } from '~/lib/action-result';
import { EmergencyLine } from './emergency-line';
import { PriorityBadge, StatusBadge } from './tenant-request-badges';

const PATH = ['submitted', 'triaged', 'scheduled', 'in_progress', 'completed', 'closed'] as const;

type Props = {
  request: TenantRequestView;
  phone: string;
  lang: Language;
  answer?: ActionResult;
  done: string | null;
  created: boolean;
};

function StatusPath({ status }: { status: string }) {
  const { t } = useTranslation();
  const orientation = useMatches<'horizontal' | 'vertical'>({ base: 'vertical', sm: 'horizontal' });
  if (status === 'cancelled') {
    return (
      <Alert color="gray" icon={<IconX aria-hidden />} data-testid="request-cancelled">
        {t('maintenance.detail.cancelled')}
      </Alert>
    );
  }
  const index = PATH.indexOf(status as (typeof PATH)[number]);
  // A finished request shows every step done.
  const active = status === 'closed' ? PATH.length : index;
  return (
    <Stepper
      active={active}
      size="xs"
      orientation={orientation}
      aria-label={t('maintenance.detail.progress')}
      data-testid="status-path"
      allowNextStepsSelect={false}
    >
      {PATH.map((step) => (
        <Stepper.Step key={step} label={t(`maintenance.status.${step}`)} aria-current={step === status ? 'step' : undefined} />
      ))}
    </Stepper>
  );
}

function entryLabel(
  entry: TenantTimelineEntry,
  request: TenantRequestView,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const who = t(`maintenance.timeline.author.${entry.author}`);
  switch (entry.kind) {
    case 'submitted':
      return t('maintenance.timeline.submitted', { who });
    case 'status':
      return t('maintenance.timeline.status', { status: t(`maintenance.status.${entry.toStatus ?? request.status}`) });
    case 'comment':
      return t('maintenance.timeline.comment', { who });
    case 'rated':
      return t('maintenance.timeline.rated', { rating: request.rating ?? '' });
    default:
      return t(`maintenance.timeline.kinds.${entry.kind}`, { defaultValue: t('maintenance.timeline.update') });
  }
}

function entryIcon(kind: string) {
  if (kind === 'comment') return <IconMessage size={12} aria-hidden />;
  if (kind === 'rated') return <IconStar size={12} aria-hidden />;
  if (kind === 'scheduled') return <IconCalendarEvent size={12} aria-hidden />;
  return <IconCheck size={12} aria-hidden />;
}

export function RequestDetail({ request, phone, lang, answer, done, created }: Props) {
  const { t } = useTranslation();
  /** What the person typed in `name` of the `intent` form, put back after a refusal. */
  const echoed = (intent: string, name: string) =>
    answer && !answer.ok && answer.intent === intent ? String(answer.values?.[name] ?? '') : '';
  const [rating, setRating] = useState(Number(echoed('rate', 'rating') || 0));
  useRateLimitToast(answer);
  const errorsFor = (intent: string) => (answer && !answer.ok && answer.intent === intent ? answer.errors : {});
  /** A field of the `intent` form: its name, what was typed there put back after a refusal, and its error. */
  const echoedField = (intent: string, name: string) => ({ name, defaultValue: echoed(intent, name), error: errorsFor(intent)[name] });
  const open = !['completed', 'closed', 'cancelled'].includes(request.status);
  const notice = answer?.ok ? answer.message : done ? t(`maintenance.done.${done}`, { defaultValue: '' }) : '';
  return (
    <Stack gap="lg" data-testid="request-detail" data-status={request.status}>
      {request.priority === 'emergency' && open && <EmergencyLine phone={phone} prominent />}
      {created && (
        <Alert color="teal" icon={<IconCheck aria-hidden />} role="status" data-testid="request-created">
          {t('maintenance.detail.created')}
        </Alert>
      )}
      {notice && (
        <Alert color="teal" icon={<IconCheck aria-hidden />} role="status" data-testid="request-notice">
          {notice}
        </Alert>
      )}
      {answer && !answer.ok && answer.errors.form && !answer.rateLimited && (
        <ErrorAlert data-testid="command-error">{answer.errors.form}</ErrorAlert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="xs">
            <PriorityBadge priority={request.priority} />
            <StatusBadge status={request.status} />
            <Text size="sm" c="dimmed">
              {t(`maintenance.category.${request.category}`)} · {request.unitLabel}
            </Text>
          </Group>
          <StatusPath status={request.status} />
          {request.visit && (
            <Alert color="violet" variant="light" icon={<IconCalendarEvent aria-hidden />} data-testid="request-visit">
              {t('maintenance.detail.visit', { when: formatDateTime(request.visit.scheduledFor, lang), vendor: request.visit.vendorName })}
            </Alert>
          )}
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" component="section" aria-labelledby="reported-title">
          <Title order={2} size="h4" id="reported-title" mb="sm">
            {t('maintenance.detail.reported')}
          </Title>
          <Stack gap="sm">
            <Text style={{ whiteSpace: 'pre-line' }} data-testid="request-description">
              {request.description}
            </Text>
            <RequestFact label={t('maintenance.form.location')} value={request.location || t('maintenance.detail.notGiven')} />
            <RequestFact label={t('maintenance.detail.home')} value={`${request.unitLabel} · ${request.unitAddress}`} />
            <RequestFact label={t('maintenance.detail.submittedAt')} value={formatDateTime(request.createdAt, lang)} />
            <RequestFact
              label={t('maintenance.form.permission')}
              value={request.permissionToEnter ? t('maintenance.detail.yes') : t('maintenance.detail.no')}
            />
            {request.entryWindows.length > 0 && (
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('maintenance.form.windows')}
                </Text>
                {request.entryWindows.map((window) => (
                  <Text key={`${window.date}-${window.from}`} size="sm">
                    {t('maintenance.detail.window', { date: formatIsoDate(window.date, lang), from: window.from, to: window.to })}
                  </Text>
                ))}
              </div>
            )}
            {request.entryNotes && <RequestFact label={t('maintenance.form.entryNotes')} value={request.entryNotes} />}
            {request.photoUrls.length > 0 && (
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="request-photos">
                {request.photoUrls.map((url, index) => {
                  const { src, srcSet } = imageSrcSet(url);
                  return (
                    <Anchor
                      key={url}
                      href={url}
                      target="_blank"
                      rel="noopener"
                      aria-label={t('maintenance.detail.photo', { n: index + 1 })}
                    >
                      <Image
                        src={src}
                        srcSet={srcSet}
                        sizes="(min-width: 62em) 200px, 45vw"
                        alt={t('maintenance.detail.photo', { n: index + 1 })}
                        h={110}
                        fit="cover"
                        radius="sm"
                      />
                    </Anchor>
                  );
                })}
              </SimpleGrid>
            )}
          </Stack>
        </Card>

        <Card withBorder padding="lg" component="section" aria-labelledby="timeline-title">
          <Title order={2} size="h4" id="timeline-title" mb="sm">
            {t('maintenance.detail.timeline')}
          </Title>
          <Timeline active={request.timeline.length - 1} bulletSize={22} lineWidth={2} data-testid="request-timeline" aria-live="polite">
            {request.timeline.map((entry) => (
              <Timeline.Item key={entry.id} bullet={entryIcon(entry.kind)} title={entryLabel(entry, request, t)} data-kind={entry.kind}>
                {entry.body && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {entry.body}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt={4}>
                  {formatDateTime(entry.createdAt, lang)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {request.rating !== null && (
            <Group gap="xs" mt="md" data-testid="request-rating">
              <Text size="sm" fw={600}>
                {t('maintenance.detail.yourRating')}
              </Text>
              <StarRating value={request.rating} label={t('maintenance.rate.stars', { count: request.rating })} />
              {request.ratingComment && <Text size="sm">{request.ratingComment}</Text>}
            </Group>
          )}
        </Card>
      </SimpleGrid>

      {request.canRate && (
        <CommandCard intent="rate" body={t('maintenance.rate.body')} icon={<IconStar size={16} aria-hidden />} cardTestId="rate-card">
          <div role="group" aria-label={t('maintenance.rate.label')}>
            <Rating name="rating" value={rating} onChange={setRating} size="lg" data-testid="rating-input" />
          </div>
          {errorsFor('rate').rating && (
            <Text size="sm" c="red.8" role="alert">
              {errorsFor('rate').rating}
            </Text>
          )}
          <Textarea
            {...echoedField('rate', 'comment')}
            label={t('maintenance.rate.comment')}
            autosize
            minRows={2}
            maxLength={MAINTENANCE_LIMITS.ratingComment}
          />
        </CommandCard>
      )}

      {request.canComment && (
        <CommandCard
          intent="comment"
          icon={<IconMessage size={16} aria-hidden />}
          formKey={answer?.ok && answer.intent === 'comment' ? `sent-${request.timeline.length}` : 'comment'}
          formTestId="comment-form"
        >
          <Textarea
            {...echoedField('comment', 'body')}
            label={t('maintenance.comment.label')}
            description={t('maintenance.comment.hint')}
            autosize
            minRows={3}
            maxLength={MAINTENANCE_LIMITS.comment}
            required
          />
        </CommandCard>
      )}

      {request.canCancel && (
        <CommandCard
          intent="cancel"
          body={t('maintenance.cancel.body')}
          icon={<IconX size={16} aria-hidden />}
          color="red.9"
          formTestId="cancel-form"
        >
          <Textarea
            name="reason"
            label={t('maintenance.cancel.reason')}
            autosize
            minRows={2}
            maxLength={MAINTENANCE_LIMITS.cancelReason}
            error={errorsFor('cancel').reason}
          />
        </CommandCard>
      )}
    </Stack>
  );
}

/**
 * The card of one of the tenant's commands (rate, comment, cancel): a section titled
 * `maintenance.<intent>.title`, a plain POST form with the intent as a hidden field, the
 * caller's fields and the submit button (`maintenance.<intent>.submit`, busy while this form posts).
 */
function CommandCard({
  intent,
  body,
  icon,
  color,
  formKey,
  formTestId,
  cardTestId,
  children,
}: {
  intent: 'rate' | 'comment' | 'cancel';
  body?: string;
  icon: ReactNode;
  color?: string;
  formKey?: string;
  formTestId?: string;
  cardTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${intent}-title`} data-testid={cardTestId}>
      <Form method="post" key={formKey} data-testid={formTestId}>
        <Stack gap="sm">
          <Title order={2} size="h4" id={`${intent}-title`}>
            {t(`maintenance.${intent}.title`)}
          </Title>
          {body !== undefined && (
            <Text size="sm" c="dimmed">
              {body}
            </Text>
          )}
          <input type="hidden" name="intent" value={intent} />
          {children}
          <Group>
            <Button type="submit" color={color} loading={loading} leftSection={icon}>
              {t(`maintenance.${intent}.submit`)}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

/** One fact of the request: a label in capitals over the tenant's text, line breaks kept. */
function RequestFact({ label, value }: { label: string; value: string }) {
  return (
    <Fact label={label} caps wrap="pre-line">
      {value}
    </Fact>
  );
}
