/**
 * One work order in the vendor portal (`/vendor-portal/work-orders/:id`): its state, what to do
 * and where (WorkOrderFacts), the history with photos, its invoices, and the vendor's commands
 * for the state it is in — accept or decline with a reason (offered), schedule or move the visit
 * and start (accepted, scheduled), a status note with before/after photos (until it is
 * finished), complete with notes and after photos (in progress), and invoice it (in progress,
 * completed). Plain forms: they work without JavaScript (a 303 back); with it, a toast and the
 * page re-renders. Follows changes live (a cancellation by staff, for instance).
 */
import { FileInput, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconFileInvoice, IconPhoto, IconPlayerPlay, IconX } from '@tabler/icons-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { LinkButton, SubmitButton } from '~/components/icon-button';
import { PHOTO_ACCEPT } from '~/lib/uploads';
import { NOTE_MAX, PHOTO_PHASES, WORK_ORDER_PHOTOS_PER_POST } from '../completion.schemas';
import type { CommandResult, VendorIntent, VendorWorkOrderDetail } from '../work-orders.types';
import { WorkOrderStatusBadge } from './badges';
import { CommandCard, IntentForm, ReasonField, StackedIntentForm, useCommandResult } from './command-form';
import { InvoiceCard } from './invoice-card';
import { useLiveWorkOrders } from './use-live-work-orders';
import { DoneNotice, FactsAndHistory, WorkOrderInvoices } from './work-order-detail-parts';

type Result = CommandResult<VendorIntent> | undefined;

const PHOTO_TYPES = Object.entries(PHOTO_ACCEPT)
  .flatMap(([mime, extensions]) => [mime, ...extensions])
  .join(',');

/** `iso` as a `datetime-local` value in UTC (`YYYY-MM-DDTHH:MM`). */
function localValue(iso: string | null): string {
  return iso ? iso.slice(0, 16) : '';
}

function AcceptDecline({ result }: { result: Result }) {
  const { t } = useTranslation();
  const accept = useCommandResult(result, 'accept');
  const decline = useCommandResult(result, 'decline');
  return (
    <CommandCard
      title={t('workOrders.actions.offerTitle')}
      testId="offer-actions"
      error={accept.errors.form ?? decline.errors.form}
      errorTestId="offer-error"
      intro={
        <Text size="sm" mb="sm">
          {t('workOrders.actions.offerBody')}
        </Text>
      }
    >
      <IntentForm intent="accept" formRef={accept.formRef} key={`a${accept.formKey}`}>
        <SubmitButton loading={accept.busy} icon={IconCheck} testId="accept-submit">
          {t('workOrders.actions.accept')}
        </SubmitButton>
      </IntentForm>
      <StackedIntentForm
        intent="decline"
        formRef={decline.formRef}
        key={`d${decline.formKey}`}
        noValidate
        mt="md"
        submit={{ color: 'red.9', loading: decline.busy, icon: IconX, testId: 'decline-submit', children: t('workOrders.actions.decline') }}
      >
        <ReasonField label={t('workOrders.actions.declineReason')} value={decline.values.reason} error={decline.errors.reason} />
      </StackedIntentForm>
    </CommandCard>
  );
}

function ScheduleStart({ detail, result, now }: { detail: VendorWorkOrderDetail; result: Result; now: string }) {
  const { t } = useTranslation();
  const schedule = useCommandResult(result, 'schedule');
  const start = useCommandResult(result, 'start');
  return (
    <CommandCard
      title={t(detail.status === 'scheduled' ? 'workOrders.actions.rescheduleTitle' : 'workOrders.actions.scheduleTitle')}
      testId="schedule-actions"
      error={schedule.errors.form ?? start.errors.form}
      errorTestId="schedule-error"
    >
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
          <SubmitButton loading={schedule.busy} icon={IconCalendarEvent} testId="schedule-submit">
            {t(detail.status === 'scheduled' ? 'workOrders.actions.reschedule' : 'workOrders.actions.schedule')}
          </SubmitButton>
        </Group>
      </IntentForm>
      <IntentForm intent="start" formRef={start.formRef} key={`t${start.formKey}`}>
        <Text size="sm" mt="md" mb="xs">
          {t('workOrders.actions.startBody')}
        </Text>
        <SubmitButton variant="default" loading={start.busy} icon={IconPlayerPlay} testId="start-submit">
          {t('workOrders.actions.start')}
        </SubmitButton>
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
      fileInputProps={{ 'data-testid': 'photo-input' } as InputHTMLAttributes<HTMLInputElement>}
    />
  );
}

/**
 * What differs between the two commands that carry photos: the text field (its name, label key,
 * whether it is required, its starting height), the photo field's label key and the submit button
 * (its look and text key).
 */
const PHOTO_COMMANDS = {
  note: {
    notes: { name: 'note', label: 'workOrders.actions.note', required: false, minRows: 2 },
    photosLabel: 'workOrders.actions.photos',
    submit: { variant: 'default', label: 'workOrders.actions.addNote' },
  },
  complete: {
    notes: { name: 'notes', label: 'workOrders.actions.completionNotes', required: true, minRows: 3 },
    photosLabel: 'workOrders.actions.afterPhotos',
    submit: { color: 'teal.9', icon: IconCheck, label: 'workOrders.actions.complete' },
  },
} as const;

/**
 * A command that may carry photos (`note`, `complete`; see `PHOTO_COMMANDS`): its card (titled by
 * the intent's `workOrders.actions.*Title` text) with a multipart post (its intent also in the
 * URL); its form stacks the text field (at most `NOTE_MAX` characters), further fields
 * (`children`), the photo field and the submit button.
 */
function PhotoCommand({ intent, result, children }: { intent: keyof typeof PHOTO_COMMANDS; result: Result; children?: ReactNode }) {
  const { t } = useTranslation();
  const command = useCommandResult(result, intent);
  const { notes, photosLabel, submit } = PHOTO_COMMANDS[intent];
  const { label: submitLabel, ...look } = submit;
  return (
    <CommandCard
      title={t(`workOrders.actions.${intent}Title`)}
      testId={`${intent}-actions`}
      error={command.errors.form}
      errorTestId={`${intent}-error`}
    >
      <StackedIntentForm
        intent={intent}
        formRef={command.formRef}
        key={`${intent[0]}${command.formKey}`}
        action={`?intent=${intent}`}
        encType="multipart/form-data"
        noValidate
        submit={{ ...look, loading: command.busy, testId: `${intent}-submit`, children: t(submitLabel) }}
      >
        <Textarea
          name={notes.name}
          label={t(notes.label)}
          required={notes.required}
          maxLength={NOTE_MAX}
          autosize
          minRows={notes.minRows}
          defaultValue={command.values[notes.name]}
          error={command.errors[notes.name]}
        />
        {children}
        <PhotoField label={t(photosLabel)} error={command.errors.photos} />
      </StackedIntentForm>
    </CommandCard>
  );
}

/** The status note: its text, the phase of its photos (before or after the work), the photos. */
function NoteForm({ result }: { result: Result }) {
  const { t } = useTranslation();
  return (
    <PhotoCommand intent="note" result={result}>
      <NativeSelect
        name="phase"
        label={t('workOrders.actions.phase')}
        defaultValue="before"
        data={PHOTO_PHASES.map((phase) => ({ value: phase, label: t(`workOrders.phase.${phase}`) }))}
      />
    </PhotoCommand>
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
          <LinkButton
            to={`/vendor-portal/invoices/new?workOrder=${detail.id}`}
            variant="light"
            icon={IconFileInvoice}
            testId="create-invoice"
          >
            {t('workOrders.actions.invoice')}
          </LinkButton>
        )}
      </Group>
      <DoneNotice done={done} testId="vendor-done" />
      {status === 'offered' && <AcceptDecline result={result} />}
      {(status === 'accepted' || status === 'scheduled') && <ScheduleStart detail={detail} result={result} now={now} />}
      {status === 'in_progress' && <PhotoCommand intent="complete" result={result} />}
      {(status === 'accepted' || status === 'scheduled' || status === 'in_progress') && <NoteForm result={result} />}
      <FactsAndHistory detail={detail} />
      <WorkOrderInvoices titleId="wo-invoices-title" invoices={detail.invoices}>
        {(invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} pdfHref={`/vendor-portal/invoices/${invoice.id}/pdf`} workOrderHref={null} />
        )}
      </WorkOrderInvoices>
    </Stack>
  );
}
