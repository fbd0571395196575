/**
 * /vendor-portal/projects/:id: one project the vendor was invited to — what, where, when, the bid
 * deadline — the vendor's own bid with its PDF, the outcome once decided, and while bidding is
 * open the bid form (amount in dollars and cents, timeline in days, notes, an optional PDF that
 * replaces the previous one). A real multipart form; the server's translated messages come back
 * per field with what was typed.
 */
import { Alert, Anchor, Checkbox, Container, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { SubmitButton } from '~/components/icon-button';
import { BackLink } from '~/components/back-link';
import { Form, Link } from 'react-router';
import { formatBytes, formatCents, formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { VendorProjectDetail } from '../project-bids.server';
import { BID_ATTACHMENT_ACCEPT, BID_NOTES_MAX, BID_TIMELINE_MAX_DAYS } from '../projects.schemas';
import type { ProjectActionResult } from '../projects.types';
import { BidStatusBadge } from './project-badges';
import { useProjectLive } from './use-project-live';
import { useActionResult } from '~/components/forms/use-action-result';
import { ProjectDatesFact, ProjectDescription, ProjectFact } from './project-fact';
import { AmountField, LongTextField, typedValue } from './project-fields';
import { PROJECTS_TOAST } from './projects-toast';
import { OutcomeBadge } from './vendor-projects-page';

function BidForm({
  detail,
  maxFileMb,
  result,
}: {
  detail: VendorProjectDetail;
  maxFileMb: number;
  result: ProjectActionResult | undefined;
}) {
  const { t } = useTranslation();
  const { busy, formRef, errors, values } = useActionResult(result, { intent: 'bid', toast: PROJECTS_TOAST });
  const typed = (name: string) => typedValue(values, name);
  const bid = detail.myBid;
  return (
    <Form method="post" encType="multipart/form-data" noValidate ref={formRef} data-testid="bid-form">
      <input type="hidden" name="intent" value="bid" />
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AmountField
            name="amount"
            label={t('projects.vendor.form.amount')}
            description={t('projects.vendor.form.amountHint')}
            defaultValue={typed('amount') ?? (bid ? (bid.amountCents / 100).toFixed(2) : '')}
            error={errors.amount}
          />
          <TextInput
            name="timelineDays"
            label={t('projects.vendor.form.timeline')}
            description={t('projects.vendor.form.timelineHint', {
              max: BID_TIMELINE_MAX_DAYS,
            })}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            defaultValue={typed('timelineDays') ?? (bid ? String(bid.timelineDays) : '')}
            error={errors.timelineDays}
          />
        </SimpleGrid>
        <LongTextField
          name="notes"
          label={t('projects.vendor.form.notes')}
          description={t('projects.vendor.form.notesHint')}
          maxLength={BID_NOTES_MAX}
          defaultValue={typed('notes') ?? bid?.notes ?? ''}
          error={errors.notes}
        />
        <FileInput
          name="attachment"
          label={t('projects.vendor.form.attachment')}
          description={t(bid?.attachment ? 'projects.vendor.form.attachmentReplace' : 'projects.vendor.form.attachmentHint', {
            max: maxFileMb,
          })}
          placeholder={t('projects.vendor.form.choose')}
          accept={BID_ATTACHMENT_ACCEPT}
          clearable
          leftSection={<IconPaperclip size={16} aria-hidden />}
          error={errors.attachment}
          data-testid="bid-attachment-input"
        />
        {bid?.attachment && (
          <Checkbox
            name="removeAttachment"
            value="1"
            label={t('projects.vendor.form.removeAttachment', {
              name: bid.attachment.name,
            })}
          />
        )}
        {errors.form && (
          <Alert color="red" role="alert" data-testid="bid-error">
            {errors.form}
          </Alert>
        )}
        <Group>
          <SubmitButton icon={IconSend} loading={busy} testId="bid-submit">
            {t(bid ? 'projects.vendor.form.update' : 'projects.vendor.form.submit')}
          </SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

type Props = {
  detail: VendorProjectDetail;
  done: boolean;
  maxFileMb: number;
  result: ProjectActionResult | undefined;
};

export function VendorProjectPage({ detail, done, maxFileMb, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const bid = detail.myBid;
  const closedError = result && !result.ok && result.intent === 'bid' && result.errors.form;
  useProjectLive({ projectPath: `/vendor-portal/projects/${detail.id}` });
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg" data-testid="vendor-project" data-project={detail.id} data-open={detail.open ? 'true' : 'false'}>
        <BackLink to="/vendor-portal/projects">{t('projects.vendor.backToList')}</BackLink>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {detail.name}
              </Title>
              <OutcomeBadge outcome={detail.outcome} />
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              <ProjectFact label={t('projects.overview.building')}>
                {[detail.buildingName, detail.streetAddress, [detail.city, detail.state].filter(Boolean).join(', ')]
                  .filter(Boolean)
                  .join(' · ')}
              </ProjectFact>
              <ProjectFact label={t('projects.overview.kind')}>{t(`projects.kind.${detail.kind}`)}</ProjectFact>
              <ProjectDatesFact startDate={detail.startDate} endDate={detail.endDate} />
              <ProjectFact label={t('projects.overview.deadline')}>
                <span data-testid="vendor-deadline">{detail.bidDeadline ? formatDateTime(detail.bidDeadline, lang) : '—'}</span>
                <Text span size="xs" c={detail.open ? 'teal.9' : 'dimmed'} fw={600} ml={6}>
                  {t(detail.open ? 'projects.overview.biddingOpen' : 'projects.overview.biddingClosed')}
                </Text>
              </ProjectFact>
            </SimpleGrid>
            <ProjectDescription text={detail.description} />
          </Stack>
        </Paper>
        {(done || (result?.ok && result.intent === 'bid')) && (
          <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="bid-done">
            {result?.ok ? result.message : t('projects.vendor.done.saved')}
          </Alert>
        )}
        {detail.outcome === 'awarded' && (
          <Alert color="teal" data-testid="vendor-awarded">
            {t('projects.vendor.awardedBody')}{' '}
            <Anchor component={Link} to="/vendor-portal" size="sm" underline="always">
              {t('projects.vendor.toWorkOrders')}
            </Anchor>
          </Alert>
        )}
        {detail.outcome === 'not_awarded' && <Alert color="gray">{t('projects.vendor.notAwardedBody')}</Alert>}
        {detail.outcome === 'cancelled' && <Alert color="gray">{t('projects.vendor.cancelledBody')}</Alert>}
        {bid && (
          <Paper withBorder p="md" component="section" aria-labelledby="my-bid-title" data-testid="my-bid" data-cents={bid.amountCents}>
            <Stack gap="xs">
              <Group justify="space-between" gap="sm">
                <Title order={2} size="h4" id="my-bid-title">
                  {t('projects.vendor.myBidTitle')}
                </Title>
                <BidStatusBadge status={bid.status} />
              </Group>
              <Text size="sm">
                {t('projects.vendor.yourBid', {
                  amount: formatCents(bid.amountCents, lang),
                  count: bid.timelineDays,
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('projects.vendor.bidUpdated', {
                  date: formatDateTime(bid.updatedAt, lang),
                })}
              </Text>
              {bid.attachment && (
                <Anchor
                  href={`/vendor-portal/projects/${detail.id}/files/${bid.attachment.documentId}`}
                  download
                  size="sm"
                  data-testid="my-bid-attachment"
                >
                  <Group gap={4} component="span">
                    <IconFileTypePdf size={16} aria-hidden />
                    {bid.attachment.name} ({formatBytes(bid.attachment.sizeBytes, lang)})
                  </Group>
                </Anchor>
              )}
            </Stack>
          </Paper>
        )}
        {detail.open && detail.vendorApproved ? (
          <Paper withBorder p="md" component="section" aria-labelledby="bid-form-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="bid-form-title">
                {t(bid ? 'projects.vendor.form.changeTitle' : 'projects.vendor.form.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('projects.vendor.form.hint', {
                  date: formatDateTime(detail.bidDeadline!, lang),
                })}
              </Text>
              <BidForm detail={detail} maxFileMb={maxFileMb} result={result} />
            </Stack>
          </Paper>
        ) : (
          <>
            {closedError && (
              <Alert color="red" role="alert" data-testid="bid-error">
                {closedError}
              </Alert>
            )}
            {!detail.outcome && (
              <Text size="sm" c="dimmed" data-testid="bidding-closed">
                {t(detail.open ? 'projects.vendor.notApproved' : 'projects.vendor.closedBody')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
