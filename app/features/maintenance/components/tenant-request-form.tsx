/**
 * "Report a problem" (decision 027): one multipart form — the home, category,
 * priority, title, description, where in the home, permission to enter with up to three time
 * windows, notes for the visit, and up to five photos. Choosing "Emergency" shows the 24/7 line
 * at once. Without JavaScript the form posts itself (photos through a plain file input) and the
 * page shows the outcome; with it, the photos are chosen in a dropzone with previews, the form is
 * sent by `useOfflineRequests`, and when the device is offline the request is kept on it and
 * sent by itself later ("waiting to send").
 */
import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  Image,
  Input,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { ChoosePhotosButton, PhotoDropzone } from '~/components/photo-dropzone';
import { IconAlertCircle, IconPhotoPlus, IconSend, IconTrash, IconWifiOff } from '@tabler/icons-react';
import { ErrorAlert } from '~/components/status-alerts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useNavigate } from 'react-router';
import { useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import { newClientId } from '~/lib/client-id';
import { PHOTO_ACCEPT, PHOTO_MAX_FILE_BYTES, megabytes } from '~/lib/uploads';
import {
  ENTRY_WINDOW_SLOTS,
  MAINTENANCE_CATEGORY_VALUES,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MAX_PHOTOS,
  MAINTENANCE_PRIORITY_VALUES,
  maintenanceFormErrorsPath,
  maintenanceFormValues,
  maintenanceRequestSchema,
} from '../tenant-requests.schemas';
import type { CreateRequestAnswer } from '../tenant-requests.types';
import { EmergencyLine } from './emergency-line';
import type { useOfflineRequests } from './use-offline-requests';

export type FormUnit = { unitId: number; label: string; address: string };

type Props = {
  units: FormUnit[];
  phone: string;
  /** A fresh client id from the loader (also used by the plain form). */
  clientId: string;
  /** The plain form's answer after a refusal (JavaScript off). */
  answer?: CreateRequestAnswer;
  queue: ReturnType<typeof useOfflineRequests>;
  /** Told when a request was kept on the device (offline). */
  onQueued: (priority: string) => void;
};

const DROPZONE_CLASS = 'dimora-maintenance-dropzone';

/** The fields of one entry window (`window<part><slot>`, labelled `maintenance.form.window<part>`) and their input types. */
const ENTRY_WINDOW_FIELDS = [
  ['Date', 'date'],
  ['From', 'time'],
  ['To', 'time'],
] as const;

type Chosen = { file: File; url: string; key: string };

const TRANSLATION_KEY = /^[a-zA-Z][\w-]*\.[\w.]+$/;

/**
 * The same checks the server makes, before anything is sent or kept offline (a request kept on
 * the device must not be refused later for a typo). Answers translated messages by field, or null.
 */
function checkFields(
  fields: Record<string, string>,
  t: (key: string, options?: Record<string, unknown>) => string,
): Record<string, string> | null {
  const { values, rows } = maintenanceFormValues(fields);
  const parsed = maintenanceRequestSchema(new Date().toISOString().slice(0, 10)).safeParse(values);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = maintenanceFormErrorsPath(issue.path, rows);
    if (errors[field]) continue;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    errors[field] =
      issue.code === 'invalid_type'
        ? t('common.form.required')
        : TRANSLATION_KEY.test(issue.message)
          ? t(issue.message, { max })
          : t('maintenance.errors.form');
  }
  return errors;
}

export function RequestForm({ units, phone, clientId: initialClientId, answer, queue, onQueued }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hintId = useId();
  const [clientId, setClientId] = useState(answer?.values?.clientId || initialClientId);
  const [priority, setPriority] = useState(answer?.values?.priority ?? 'routine');
  const [permission, setPermission] = useState(answer?.values ? answer.values.permissionToEnter === 'on' : false);
  const [photos, setPhotos] = useState<Chosen[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [result, setResult] = useState<CreateRequestAnswer | undefined>(answer);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  useRateLimitToast(result);

  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  // A free-text field: its name, label, the server's length limit, the value sent back, its error.
  const textField = (name: 'title' | 'description' | 'location' | 'entryNotes') => ({
    name,
    label: t(`maintenance.form.${name}`),
    maxLength: MAINTENANCE_LIMITS[name],
    defaultValue: values[name],
    error: errors[name],
  });
  const accept = Object.values(PHOTO_ACCEPT).flat().join(',');
  const size = megabytes(PHOTO_MAX_FILE_BYTES);

  // Previews are object URLs: released when a photo is removed or the form goes away.
  const urls = useRef<string[]>([]);
  urls.current = photos.map((photo) => photo.url);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const addPhotos = (files: File[], rejections: FileRejection[] = []) => {
    const room = MAINTENANCE_MAX_PHOTOS - photos.length;
    const taken = files
      .slice(0, Math.max(0, room))
      .map((file) => ({ file, url: URL.createObjectURL(file), key: `${file.name}-${file.size}-${Math.random()}` }));
    setPhotos((current) => [...current, ...taken]);
    if (files.length > room) setPhotoError(t('maintenance.errors.tooManyPhotos', { count: MAINTENANCE_MAX_PHOTOS }));
    else if (rejections.length > 0) {
      const code = rejections[0]!.errors[0]?.code;
      setPhotoError(
        `${rejections[0]!.file.name}: ${code === 'file-too-large' ? t('maintenance.form.photoTooLarge', { size }) : t('maintenance.form.photoType')}`,
      );
    } else setPhotoError(null);
  };
  const removePhoto = (key: string) => {
    setPhotos((current) => {
      const gone = current.find((photo) => photo.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((photo) => photo.key !== key);
    });
    setPhotoError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    const form = new FormData(element);
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
    fields.clientId = clientId;
    const invalid = checkFields(fields, t);
    if (invalid) {
      setResult({ ok: false, code: 'invalid', error: t('maintenance.errors.form'), errors: invalid, values: fields });
      // Keyboard and screen-reader users land on the first field to fix.
      const first = Object.keys(invalid)[0];
      const control = first ? element.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await queue.send(
        fields,
        photos.map((photo) => photo.file),
      );
      if (outcome.kind === 'sent') {
        await navigate(`${outcome.answer.url}?created=1`);
        return;
      }
      if (outcome.kind === 'queued') {
        // Kept on the device: a blank form with a new client id for the next problem.
        onQueued(fields.priority ?? 'routine');
        photos.forEach((photo) => URL.revokeObjectURL(photo.url));
        setPhotos([]);
        setResult(undefined);
        setPriority('routine');
        setPermission(false);
        setClientId(newClientId());
        setFormKey((key) => key + 1);
        return;
      }
      setResult({ ...outcome.answer, values: fields });
      if (outcome.answer.errors?.photos) setPhotoError(outcome.answer.errors.photos);
    } finally {
      setBusy(false);
    }
  };

  const categories = useMemo(
    () => [
      { value: '', label: t('maintenance.form.categoryPlaceholder'), disabled: true },
      ...MAINTENANCE_CATEGORY_VALUES.map((value) => ({ value, label: t(`maintenance.category.${value}`) })),
    ],
    [t],
  );

  if (units.length === 0) {
    return (
      <Alert color="blue" icon={<IconAlertCircle aria-hidden />} title={t('maintenance.form.noUnitTitle')} data-testid="no-unit">
        <Stack gap="xs">
          <Text size="sm">{t('maintenance.form.noUnitBody')}</Text>
          <EmergencyLine phone={phone} />
        </Stack>
      </Alert>
    );
  }

  return (
    <form
      key={formKey}
      method="post"
      encType="multipart/form-data"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="request-form"
    >
      <input type="hidden" name="clientId" value={clientId} />
      <Stack gap="lg">
        {result && !result.ok && result.error && !result.rateLimited && <ErrorAlert data-testid="request-error">{result.error}</ErrorAlert>}
        <Card withBorder padding="lg">
          <Stack gap="md">
            {units.length === 1 ? (
              <>
                <input type="hidden" name="unitId" value={units[0]!.unitId} />
                <div>
                  <Text size="sm" fw={500}>
                    {t('maintenance.form.unit')}
                  </Text>
                  <Text size="sm">
                    {units[0]!.label} · {units[0]!.address}
                  </Text>
                </div>
              </>
            ) : (
              <NativeSelect
                name="unitId"
                label={t('maintenance.form.unit')}
                data={units.map((unit) => ({ value: String(unit.unitId), label: `${unit.label} · ${unit.address}` }))}
                defaultValue={values.unitId ?? String(units[0]!.unitId)}
                error={errors.unitId}
                required
              />
            )}
            <Radio.Group
              name="priority"
              label={t('maintenance.form.priority')}
              value={priority}
              onChange={setPriority}
              error={errors.priority}
              required
            >
              <Stack gap="xs" mt="xs">
                {MAINTENANCE_PRIORITY_VALUES.map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    label={t(`maintenance.priority.${value}`)}
                    description={t(`maintenance.form.priorityHint.${value}`)}
                    data-testid={`priority-${value}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {priority === 'emergency' ? <EmergencyLine phone={phone} prominent /> : <EmergencyLine phone={phone} />}
            <NativeSelect
              name="category"
              label={t('maintenance.form.category')}
              data={categories}
              defaultValue={values.category ?? ''}
              error={errors.category}
              required
            />
            <TextInput {...textField('title')} description={t('maintenance.form.titleHint')} required />
            <Textarea {...textField('description')} description={t('maintenance.form.descriptionHint')} autosize minRows={4} required />
            <TextInput {...textField('location')} placeholder={t('maintenance.form.locationPlaceholder')} />
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Input.Label htmlFor={`${hintId}-photos`}>{t('maintenance.form.photos')}</Input.Label>
            <Text size="sm" c="dimmed" id={hintId}>
              {t('maintenance.form.photosHint', { count: MAINTENANCE_MAX_PHOTOS, size })}
            </Text>
            <noscript>
              {/* Without JavaScript the dropzone cannot open: a plain file input takes its place. */}
              <style>{`.${DROPZONE_CLASS}{display:none}`}</style>
              <input id={`${hintId}-photos`} type="file" name="photos" multiple accept={accept} aria-describedby={hintId} />
            </noscript>
            {photos.length < MAINTENANCE_MAX_PHOTOS && (
              <PhotoDropzone
                className={DROPZONE_CLASS}
                onDrop={(files) => addPhotos(files)}
                onReject={(rejections) => addPhotos([], rejections)}
                inputLabel={t('maintenance.form.photos')}
                inputTestId="request-photo-input"
              >
                <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }} wrap="nowrap">
                  <IconPhotoPlus size={32} color="var(--mantine-color-dimmed)" aria-hidden />
                  <div>
                    <Text size="sm" fw={500}>
                      {t('maintenance.form.dropzone')}
                    </Text>
                    <ChoosePhotosButton describedBy={hintId}>{t('maintenance.form.choosePhotos')}</ChoosePhotosButton>
                  </div>
                </Group>
              </PhotoDropzone>
            )}
            {(photoError || errors.photos) && (
              <Text size="sm" c="red.8" role="alert" data-testid="photo-error">
                {photoError ?? errors.photos}
              </Text>
            )}
            {photos.length > 0 && (
              <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" data-testid="chosen-photos">
                {photos.map((photo, index) => (
                  <Card key={photo.key} withBorder padding={4} pos="relative">
                    <Image
                      src={photo.url}
                      alt={t('maintenance.form.photoAlt', { n: index + 1, name: photo.file.name })}
                      h={90}
                      fit="cover"
                      radius="sm"
                    />
                    <ActionIcon
                      variant="filled"
                      color="red.8"
                      size="sm"
                      pos="absolute"
                      top={8}
                      right={8}
                      onClick={() => removePhoto(photo.key)}
                      aria-label={t('maintenance.form.removePhoto', { n: index + 1 })}
                    >
                      <IconTrash size={14} aria-hidden />
                    </ActionIcon>
                  </Card>
                ))}
              </SimpleGrid>
            )}
            <Text size="xs" c="dimmed" aria-live="polite">
              {t('maintenance.form.photoCount', { count: photos.length, max: MAINTENANCE_MAX_PHOTOS })}
            </Text>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="md">
            <Checkbox
              name="permissionToEnter"
              value="on"
              checked={permission}
              onChange={(event) => setPermission(event.currentTarget.checked)}
              label={t('maintenance.form.permission')}
              description={t('maintenance.form.permissionHint')}
            />
            <Fieldset legend={t('maintenance.form.windows')} variant="unstyled">
              <Text size="sm" c="dimmed" mb="xs">
                {t('maintenance.form.windowsHint')}
              </Text>
              <Stack gap="xs">
                {Array.from({ length: ENTRY_WINDOW_SLOTS }, (_, i) => (
                  <SimpleGrid key={i} cols={{ base: 1, xs: 3 }} spacing="xs" data-testid={`window-${i}`}>
                    {ENTRY_WINDOW_FIELDS.map(([part, type]) => (
                      <TextInput
                        key={part}
                        type={type}
                        name={`window${part}${i}`}
                        label={t(`maintenance.form.window${part}`, { n: i + 1 })}
                        defaultValue={values[`window${part}${i}`]}
                        error={errors[`window${part}${i}`]}
                      />
                    ))}
                  </SimpleGrid>
                ))}
              </Stack>
            </Fieldset>
            <Textarea {...textField('entryNotes')} description={t('maintenance.form.entryNotesHint')} autosize minRows={2} />
          </Stack>
        </Card>

        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {queue.queued.length > 0 && (
              <>
                <IconWifiOff size={14} aria-hidden style={{ verticalAlign: '-2px' }} />{' '}
                {t('maintenance.offline.waitingCount', { count: queue.queued.length })}
              </>
            )}
          </Text>
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} aria-hidden />} data-testid="request-submit">
            {t('maintenance.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
