/**
 * One work order in the vendor portal (`/vendor-portal/work-orders/:id`): its state, what to do
 * and where (WorkOrderFacts), the history with photos, its invoices, and the vendor's commands
 * for the state it is in — accept or decline with a reason (offered), schedule or move the visit
 * and start (accepted, scheduled), a status note with before/after photos (until it is
 * finished), complete with notes and after photos (in progress), and invoice it (in progress,
 * completed). Plain forms: they work without JavaScript (a 303 back); with it, a toast and the
 * page re-renders. Follows changes live (a cancellation by staff, for instance).
 */
import { Alert, Button, FileInput, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconFileInvoice, IconPhoto, IconPlayerPlay, IconX } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { PHOTO_ACCEPT } from '~/lib/uploads';
import { NOTE_MAX, PHOTO_PHASES, WORK_ORDER_PHOTOS_PER_POST } from '../completion.schemas';
import type { CommandResult, VendorIntent, VendorWorkOrderDetail } from '../work-orders.types';
import { WorkOrderStatusBadge } from './badges';
import { IntentForm, ReasonField } from './command-form';
import { InvoiceCard } from './invoice-card';
import { useActionResult } from '~/components/forms/use-action-result';
import { WORK_ORDERS_TOAST } from './work-orders-toast';
import { useLiveWorkOrders } from './use-live-work-orders';
import { WorkOrderFacts } from './work-order-facts';
import { WorkOrderHistory } from './work-order-history';

type Result = CommandResult<VendorIntent> | undefined;

const PHOTO_TYPES = Object.entries(PHOTO_ACCEPT)
  .flatMap(([mime, extensions]) => [mime, ...extensions])
  .join(',');

/** `iso` as a `datetime-local` value in UTC (`YYYY-MM-DDTHH:MM`). */
function localValue(iso: string | null): string {
  return iso ? iso.slice(0, 16) : '';
}

function CommandCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function FormError({ message, testId }: { message?: string; testId: string }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" mb="sm" data-testid={testId}>
      {message}
    </Alert>
  );
}

function AcceptDecline({ result }: { result: Result }) {
  const { t } = useTranslation();
  const accept = useActionResult(result, { intent: 'accept', toast: WORK_ORDERS_TOAST });
  const decline = useActionResult(result, { intent: 'decline', toast: WORK_ORDERS_TOAST });
  return (
    <CommandCard title={t('workOrders.actions.offerTitle')} testId="offer-actions">
      <Text size="sm" mb="sm">
        {t('workOrders.actions.offerBody')}
      </Text>
      <FormError message={accept.errors.form ?? decline.errors.form} testId="offer-error" />
      <IntentForm intent="accept" formRef={accept.formRef} key={`a${accept.formKey}`}>
        <Button type="submit" loading={accept.busy} leftSection={<IconCheck size={16} aria-hidden />} data-testid="accept-submit">
          {t('workOrders.actions.accept')}
        </Button>
      </IntentForm>
      <IntentForm intent="decline" formRef={decline.formRef} key={`d${decline.formKey}`} noValidate>
        <Stack gap="xs" mt="md">
          <ReasonField label={t('workOrders.actions.declineReason')} value={decline.values.reason} error={decline.errors.reason} />
          <Group>
            <Button
              type="submit"
              color="red.9"
              loading={decline.busy}
              leftSection={<IconX size={16} aria-hidden />}
              data-testid="decline-submit"
            >
              {t('workOrders.actions.decline')}
            </Button>
          </Group>
        </Stack>
      </IntentForm>
    </CommandCard>
  );
}

function ScheduleStart({ detail, result, now }: { detail: VendorWorkOrderDetail; result: Result; now: string }) {
  const { t } = useTranslation();
  const schedule = useActionResult(result, { intent: 'schedule', toast: WORK_ORDERS_TOAST });
  const start = useActionResult(result, { intent: 'start', toast: WORK_ORDERS_TOAST });
  return (
    <CommandCard
      title={t(detail.status === 'scheduled' ? 'workOrders.actions.rescheduleTitle' : 'workOrders.actions.scheduleTitle')}
      testId="schedule-actions"
    >
      <FormError message={schedule.errors.form ?? start.errors.form} testId="schedule-error" />
      <IntentForm intent="schedule" formRef={schedule.formRef} key={`s${schedule.formKey}`} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="datetime-local"
            name="scheduledFor"
            label={t('workOrders.actions.visitTime')}
            description={t('workOrders.actions.visitTimeHint')}
            required
            min={localValue(now)}
            defaultValue={schedule.values.scheduledFor ?? localValue(detail.scheduledFor)}
            error={schedule.errors.scheduledFor}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            type="submit"
            loading={schedule.busy}
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            data-testid="schedule-submit"
          >
            {t(detail.status === 'scheduled' ? 'workOrders.actions.reschedule' : 'workOrders.actions.schedule')}
          </Button>
        </Group>
      </IntentForm>
      <IntentForm intent="start" formRef={start.formRef} key={`t${start.formKey}`}>
        <Text size="sm" mt="md" mb="xs">
          {t('workOrders.actions.startBody')}
        </Text>
        <Button
          type="submit"
          variant="default"
          loading={start.busy}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          data-testid="start-submit"
        >
          {t('workOrders.actions.start')}
        </Button>
      </IntentForm>
    </CommandCard>
  );
}

function PhotoField({ error, label }: { error?: string; label: string }) {
  const { t } = useTranslation();
  return (
    <FileInput
      name="photos"
      label={label}
      description={t('workOrders.actions.photosHint', { count: WORK_ORDER_PHOTOS_PER_POST })}
      placeholder={t('workOrders.actions.choosePhotos')}
      multiple
      clearable
      accept={PHOTO_TYPES}
      leftSection={<IconPhoto size={16} aria-hidden />}
      error={error}
      fileInputProps={{ 'data-testid': 'photo-input' } as React.InputHTMLAttributes<HTMLInputElement>}
    />
  );
}

/** A command that may carry photos: a multipart post (its intent also in the URL), fields stacked. */
function PhotoCommandForm({ intent, formRef, children }: { intent: VendorIntent; formRef: Ref<HTMLFormElement>; children: ReactNode }) {
  return (
    <IntentForm intent={intent} formRef={formRef} action={`?intent=${intent}`} encType="multipart/form-data" noValidate>
      <Stack gap="xs">{children}</Stack>
    </IntentForm>
  );
}

function NoteForm({ result }: { result: Result }) {
  const { t } = useTranslation();
  const note = useActionResult(result, { intent: 'note', toast: WORK_ORDERS_TOAST });
  return (
    <CommandCard title={t('workOrders.actions.noteTitle')} testId="note-actions">
      <FormError message={note.errors.form} testId="note-error" />
      <PhotoCommandForm intent="note" formRef={note.formRef} key={`n${note.formKey}`}>
        <Textarea
          name="note"
          label={t('workOrders.actions.note')}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
          defaultValue={note.values.note}
          error={note.errors.note}
        />
        <NativeSelect
          name="phase"
          label={t('workOrders.actions.phase')}
          defaultValue="before"
          data={PHOTO_PHASES.map((phase) => ({ value: phase, label: t(`workOrders.phase.${phase}`) }))}
        />
        <PhotoField label={t('workOrders.actions.photos')} error={note.errors.photos} />
        <Group>
          <Button type="submit" variant="default" loading={note.busy} data-testid="note-submit">
            {t('workOrders.actions.addNote')}
          </Button>
        </Group>
      </PhotoCommandForm>
    </CommandCard>
  );
}

function CompleteForm({ result }: { result: Result }) {
  const { t } = useTranslation();
  const complete = useActionResult(result, { intent: 'complete', toast: WORK_ORDERS_TOAST });
  return (
    <CommandCard title={t('workOrders.actions.completeTitle')} testId="complete-actions">
      <FormError message={complete.errors.form} testId="complete-error" />
      <PhotoCommandForm intent="complete" formRef={complete.formRef} key={`c${complete.formKey}`}>
        <Textarea
          name="notes"
          label={t('workOrders.actions.completionNotes')}
          required
          maxLength={NOTE_MAX}
          autosize
          minRows={3}
          defaultValue={complete.values.notes}
          error={complete.errors.notes}
        />
        <PhotoField label={t('workOrders.actions.afterPhotos')} error={complete.errors.photos} />
        <Group>
          <Button
            type="submit"
            color="teal.9"
            loading={complete.busy}
            leftSection={<IconCheck size={16} aria-hidden />}
            data-testid="complete-submit"
          >
            {t('workOrders.actions.complete')}
          </Button>
        </Group>
      </PhotoCommandForm>
    </CommandCard>
  );
}

export function VendorWorkOrderPage({
  detail,
  result,
  now,
  done,
}: {
  detail: VendorWorkOrderDetail;
  result: Result;
  now: string;
  done: VendorIntent | null;
}) {
  const { t } = useTranslation();
  useLiveWorkOrders();
  const status = detail.status;
  return (
    <Stack gap="lg" data-testid="vendor-work-order" data-status={status}>
      <Group justify="space-between" wrap="wrap">
        <WorkOrderStatusBadge status={status} size="lg" />
        {detail.invoiceable && (
          <Button
            component={Link}
            to={`/vendor-portal/invoices/new?workOrder=${detail.id}`}
            variant="light"
            leftSection={<IconFileInvoice size={16} aria-hidden />}
            data-testid="create-invoice"
          >
            {t('workOrders.actions.invoice')}
          </Button>
        )}
      </Group>
      {done && (
        <Alert color="teal" data-testid="vendor-done">
          {t(`workOrders.done.${done}`)}
        </Alert>
      )}
      {status === 'offered' && <AcceptDecline result={result} />}
      {(status === 'accepted' || status === 'scheduled') && <ScheduleStart detail={detail} result={result} now={now} />}
      {status === 'in_progress' && <CompleteForm result={result} />}
      {(status === 'accepted' || status === 'scheduled' || status === 'in_progress') && <NoteForm result={result} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <WorkOrderFacts detail={detail} />
        <WorkOrderHistory history={detail.history} />
      </SimpleGrid>
      {detail.invoices.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="wo-invoices-title">
          <Title order={2} size="h4" id="wo-invoices-title">
            {t('workOrders.invoice.listTitle')}
          </Title>
          {detail.invoices.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} pdfHref={`/vendor-portal/invoices/${invoice.id}/pdf`} workOrderHref={null} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
