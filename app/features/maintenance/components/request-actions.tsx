/**
 * The staff commands on one maintenance request (decision 026): triage (priority, category),
 * assign a vendor (the eligible ones first — fitting trade and state noted — then those who
 * cannot take new work, with why; the server refuses them with the translated reason), a staff
 * note or a comment to the tenant, cancel with a reason, close a completed request. Plain
 * `<Form method="post">` forms: they work without JavaScript (the page answers with a 303 back),
 * and with it they show a toast and the page re-renders.
 */
import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { useActionResult } from '~/components/forms/use-action-result';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { CANCEL_REASON_MAX, INSTRUCTIONS_MAX, NOTE_MAX } from '../queue.schemas';
import {
  QUEUE_CATEGORIES,
  QUEUE_OPEN_STATUSES,
  QUEUE_PRIORITIES,
  type RequestActionResult,
  type RequestDetail,
  type RequestIntent,
  type VendorChoice,
} from '../queue.types';
import { SectionCard } from '~/components/section-card';

type Props = { detail: RequestDetail; vendors: VendorChoice[]; done: RequestIntent | null; result: RequestActionResult | undefined };

/** The success toast of every command on this page. */
const QUEUE_TOAST = { title: 'maintenanceQueue.done.title', testId: 'queue-toast' };

/**
 * The answer of the commands `intents` (one form may post several: a note or a comment) through
 * the page protocol's hook (decision 037): errors and echoed values on a refusal, a toast and a
 * fresh form on success.
 */
function useRequestOutcome(result: RequestActionResult | undefined, intents: readonly RequestIntent[]) {
  const mine = result && result.intent !== null && intents.includes(result.intent) ? result : undefined;
  const { busy, formRef, formKey, errors, values } = useActionResult(mine, {
    intent: intents.length === 1 ? intents[0] : undefined,
    toast: QUEUE_TOAST,
  });
  return { busy, formRef, formKey, errors, values: values as Record<string, string | undefined> };
}

type RequestForm = ReturnType<typeof useRequestOutcome>;
type CardId = 'triage' | 'assign' | 'note' | 'cancel' | 'close';

/** The card of one command: its title and hint (`maintenanceQueue.actions.<id>.title|hint`), then its content. */
function ActionCard({ id, children }: { id: CardId; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      titleId={`${id}-title`}
      title={t(`maintenanceQueue.actions.${id}.title`)}
      titleSize="h5"
      titleMb={4}
      p="md"
      data-testid={`action-${id}`}
    >
      <Text size="xs" c="dimmed" mb="sm">
        {t(`maintenanceQueue.actions.${id}.hint`)}
      </Text>
      {children}
    </SectionCard>
  );
}

/**
 * The form of a one-intent command: the intent as a hidden field, the refusal, the caller's
 * fields and the submit button (`maintenanceQueue.actions.<intent>.submit`). `formKey` replaces
 * the form's own key when the fields must show new defaults.
 */
function ActionForm({
  intent,
  form,
  formKey,
  submitColor,
  children,
}: {
  intent: Exclude<CardId, 'note'>;
  form: RequestForm;
  formKey?: string;
  submitColor?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" preventScrollReset ref={form.formRef} key={formKey ?? form.formKey} data-testid={`form-${intent}`} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="sm">
        <FormError message={form.errors.form} testId={`${intent}-error`} />
        {children}
        <Group>
          <Button type="submit" color={submitColor} loading={form.busy} data-testid={`${intent}-submit`}>
            {t(`maintenanceQueue.actions.${intent}.submit`)}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

type TextProps = { form: RequestForm; name: string; label: string; maxLength: number; minRows: number; required?: boolean; testId: string };

/** A command's free text (`name`), showing the refused value and its error again. */
function CommandText({ form, name, label, maxLength, minRows, required, testId }: TextProps) {
  return (
    <Textarea
      name={name}
      label={label}
      required={required}
      maxLength={maxLength}
      autosize
      minRows={minRows}
      defaultValue={form.values[name] ?? ''}
      error={form.errors[name]}
      data-testid={testId}
    />
  );
}

function FormError({ message, testId }: { message?: string; testId: string }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}

/** The triage selects: the request's field (also the texts' `maintenanceQueue.<name>.<value>`) and its choices. */
const TRIAGE_FIELDS = [
  ['priority', QUEUE_PRIORITIES],
  ['category', QUEUE_CATEGORIES],
] as const;

function TriageForm({ detail, result }: Pick<Props, 'detail' | 'result'>) {
  const { t } = useTranslation();
  const form = useRequestOutcome(result, ['triage']);
  const { errors, values } = form;
  return (
    <ActionCard id="triage">
      {/* A new key when the request's priority or category change (here or live), so the fields show them. */}
      <ActionForm intent="triage" form={form} formKey={`${form.formKey}-${detail.priority}-${detail.category}`}>
        <Group grow align="flex-start">
          {TRIAGE_FIELDS.map(([name, choices]) => (
            <NativeSelect
              key={name}
              name={name}
              label={t(`maintenanceQueue.detail.${name}`)}
              defaultValue={values[name] || detail[name]}
              data={choices.map((value) => ({ value, label: t(`maintenanceQueue.${name}.${value}`) }))}
              error={errors[name]}
              data-testid={`triage-${name}`}
            />
          ))}
        </Group>
      </ActionForm>
    </ActionCard>
  );
}

function vendorLabel(
  vendor: VendorChoice,
  state: string,
  t: (key: string, values?: Record<string, unknown>) => string,
  lang: ReturnType<typeof useLanguage>,
): string {
  const notes: string[] = [];
  if (vendor.matchesTrade) notes.push(t('maintenanceQueue.actions.assign.trade'));
  if (vendor.servesState) notes.push(t('maintenanceQueue.actions.assign.state', { state }));
  notes.push(
    vendor.insuranceExpiry && vendor.ineligible !== 'workOrders.errors.insuranceUnverified'
      ? t('maintenanceQueue.actions.assign.insuranceUntil', { date: formatIsoDate(vendor.insuranceExpiry, lang) })
      : t('maintenanceQueue.actions.assign.noInsurance'),
  );
  if (vendor.rating !== null) notes.push(`★ ${vendor.rating}`);
  return `${vendor.companyName} — ${notes.join(' · ')}`;
}

function AssignForm({ detail, vendors, result }: Pick<Props, 'detail' | 'vendors' | 'result'>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const form = useRequestOutcome(result, ['assign']);
  const { errors, values } = form;
  const eligible = vendors.filter((vendor) => vendor.ineligible === null);
  const others = vendors.filter((vendor) => vendor.ineligible !== null);
  const option = (vendor: VendorChoice) => ({ value: String(vendor.id), label: vendorLabel(vendor, detail.state, t, lang) });
  const data = [
    { value: '', label: t('maintenanceQueue.actions.assign.placeholder') },
    ...(eligible.length ? [{ group: t('maintenanceQueue.actions.assign.eligible'), items: eligible.map(option) }] : []),
    ...(others.length ? [{ group: t('maintenanceQueue.actions.assign.ineligible'), items: others.map(option) }] : []),
  ];
  return (
    <ActionCard id="assign">
      {detail.openWorkOrderId !== null ? (
        <Text size="sm" data-testid="assign-has-open">
          {t('maintenanceQueue.actions.assign.hasOpen')}
        </Text>
      ) : vendors.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="assign-no-vendors">
          {t('maintenanceQueue.actions.assign.noVendors')}
        </Text>
      ) : (
        <ActionForm intent="assign" form={form}>
          <NativeSelect
            name="vendorId"
            label={t('maintenanceQueue.actions.assign.vendor')}
            required
            defaultValue={values.vendorId ?? ''}
            data={data}
            error={errors.vendorId}
            data-testid="assign-vendor"
          />
          <CommandText
            form={form}
            name="instructions"
            label={t('maintenanceQueue.actions.assign.instructions')}
            maxLength={INSTRUCTIONS_MAX}
            minRows={2}
            testId="assign-instructions"
          />
          <TextInput
            name="dueDate"
            type="date"
            label={t('maintenanceQueue.actions.assign.dueDate')}
            description={t('maintenanceQueue.actions.assign.dueDateHint')}
            defaultValue={values.dueDate ?? ''}
            error={errors.dueDate}
            data-testid="assign-due"
          />
        </ActionForm>
      )}
    </ActionCard>
  );
}

function NoteForm({ result }: Pick<Props, 'result'>) {
  const { t } = useTranslation();
  const form = useRequestOutcome(result, ['note', 'comment']);
  const { busy, formRef, formKey, errors } = form;
  return (
    <ActionCard id="note">
      <Form method="post" preventScrollReset ref={formRef} key={formKey} data-testid="form-note" noValidate>
        <Stack gap="sm">
          <FormError message={errors.form} testId="note-error" />
          <CommandText
            form={form}
            name="body"
            label={t('maintenanceQueue.actions.note.body')}
            required
            maxLength={NOTE_MAX}
            minRows={3}
            testId="note-body"
          />
          <Group gap="sm">
            <Button type="submit" name="intent" value="note" variant="default" loading={busy} data-testid="note-submit">
              {t('maintenanceQueue.actions.note.note')}
            </Button>
            <Button type="submit" name="intent" value="comment" loading={busy} data-testid="comment-submit">
              {t('maintenanceQueue.actions.note.comment')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </ActionCard>
  );
}

/**
 * A command whose form is one text, `maintenanceQueue.actions.<intent>.<field>` (test id
 * `<intent>-<field>`): cancel (its required reason) and close (an optional note).
 */
function TextCommandForm({
  intent,
  field,
  maxLength,
  required,
  submitColor,
  result,
}: {
  intent: 'cancel' | 'close';
  field: string;
  maxLength: number;
  required?: boolean;
  submitColor?: string;
  result: RequestActionResult | undefined;
}) {
  const { t } = useTranslation();
  const form = useRequestOutcome(result, [intent]);
  return (
    <ActionCard id={intent}>
      <ActionForm intent={intent} form={form} submitColor={submitColor}>
        <CommandText
          form={form}
          name={field}
          label={t(`maintenanceQueue.actions.${intent}.${field}`)}
          required={required}
          maxLength={maxLength}
          minRows={2}
          testId={`${intent}-${field}`}
        />
      </ActionForm>
    </ActionCard>
  );
}

export function RequestActions({ detail, vendors, done, result }: Props) {
  const { t } = useTranslation();
  const open = (QUEUE_OPEN_STATUSES as readonly string[]).includes(detail.status);
  return (
    <Stack gap="md" data-testid="request-actions">
      {done && !result && (
        <Alert color="teal" icon={<IconCheck size={16} aria-hidden />} data-testid="queue-done">
          {t(`maintenanceQueue.done.${done}`)}
        </Alert>
      )}
      {result && !result.ok && result.intent === null && <FormError message={result.errors.form} testId="action-error" />}
      {open && <TriageForm detail={detail} result={result} />}
      {open && <AssignForm detail={detail} vendors={vendors} result={result} />}
      <NoteForm result={result} />
      {detail.status === 'completed' && <TextCommandForm intent="close" field="note" maxLength={NOTE_MAX} result={result} />}
      {open && (
        <TextCommandForm intent="cancel" field="reason" maxLength={CANCEL_REASON_MAX} required submitColor="red.9" result={result} />
      )}
    </Stack>
  );
}
