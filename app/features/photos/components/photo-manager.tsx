/**
 * The photo manager of a building or a unit (decision 017), on the admin's and the
 * property manager's pages: a dropzone for several photos at once (checked for type and size
 * before they leave the browser, and again by the server), a progress bar per file, the photos
 * as thumbnails to reorder, make the cover or delete. Without JavaScript a plain multipart form
 * uploads instead, and the page shows the outcome it was redirected with.
 */
import '@mantine/dropzone/styles.css';
import { Alert, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { ChoosePhotosButton, PhotoDropzone } from '~/components/photo-dropzone';
import { IconAlertCircle, IconCircleCheck, IconCloudUpload, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { useSearchParams } from 'react-router';
import { PHOTOS_PER_OWNER, PHOTO_ACCEPT, PHOTO_MAX_FILE_BYTES, megabytes, photoUploadUrl, type PhotoOwnerType } from '~/lib/uploads';
import { photoErrorMessage, shownFileName } from '../photo-messages';
import { PHOTO_DONE_PARAM, PHOTO_ERROR_PARAM, PHOTO_FILE_PARAM, PHOTO_REMAINING_PARAM } from '../photos.schemas';
import { PhotoGrid } from './photo-grid';
import { UploadQueue } from './upload-queue';
import { usePhotoUploads } from './use-photo-uploads';

type Props = { owner: { type: PhotoOwnerType; id: number }; photos: string[] };

const DROPZONE_CLASS = 'dimora-photo-dropzone';

/** react-dropzone's refusal codes → ours. */
function refusalCode(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return 'file_too_large';
  if (code === 'too-many-files') return 'too_many_files';
  return 'unsupported_type';
}

/** The outcome of a plain form post (JavaScript off), from the URL it was redirected to. */
function PlainPostOutcome({ ownerType }: { ownerType: PhotoOwnerType }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const done = params.get(PHOTO_DONE_PARAM);
  const error = params.get(PHOTO_ERROR_PARAM);
  if (error) {
    const file = shownFileName(params.get(PHOTO_FILE_PARAM));
    const message = photoErrorMessage(t, {
      code: error.slice(0, 40),
      ownerType,
      remaining: Number(params.get(PHOTO_REMAINING_PARAM) ?? 0) || 0,
    });
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('photos.errors.title')} role="alert" data-testid="photo-outcome">
        {file ? `${file}: ${message}` : message}
      </Alert>
    );
  }
  if (done && /^(upload|move|cover|delete)$/.test(done)) {
    return (
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} data-testid="photo-outcome">
        {done === 'upload' ? t('photos.done.uploadPlain') : t(`photos.done.${done}`)}
      </Alert>
    );
  }
  return null;
}

export function PhotoManager({ owner, photos }: Props) {
  const { t } = useTranslation();
  const uploads = usePhotoUploads({ owner, photoCount: photos.length, shown: photos });
  const full = photos.length >= PHOTOS_PER_OWNER;
  const size = megabytes(PHOTO_MAX_FILE_BYTES);
  const hintId = `photo-hint-${owner.type}-${owner.id}`;
  const accept = Object.values(PHOTO_ACCEPT).flat().join(',');
  return (
    <Stack gap="md" data-testid="photo-manager">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t('photos.intro')}
        </Text>
        <Badge variant="light" color={full ? 'orange' : 'gray'} data-testid="photo-count">
          {t('photos.count', { count: photos.length, max: PHOTOS_PER_OWNER })}
        </Badge>
      </Group>
      <PlainPostOutcome ownerType={owner.type} />
      {full ? (
        <Alert color="orange" variant="light" data-testid="photos-full">
          {t(`photos.dropzone.full.${owner.type}`, { max: PHOTOS_PER_OWNER })}
        </Alert>
      ) : (
        <>
          <noscript>
            {/* Without JavaScript the dropzone cannot open: a plain form takes its place. */}
            <style>{`.${DROPZONE_CLASS}{display:none}`}</style>
            <form method="post" action={photoUploadUrl(owner)} encType="multipart/form-data" data-testid="photo-plain-form">
              <Stack gap="xs">
                <label htmlFor={`${hintId}-plain`}>
                  <Text component="span" size="sm" fw={500}>
                    {t('photos.noscript.label')}
                  </Text>
                </label>
                <input id={`${hintId}-plain`} type="file" name="photos" multiple accept={accept} required />
                <Group>
                  <Button type="submit" leftSection={<IconCloudUpload size={16} aria-hidden />}>
                    {t('photos.noscript.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </noscript>
          <PhotoDropzone
            className={DROPZONE_CLASS}
            onDrop={(files) => uploads.add(files)}
            onReject={(rejections) =>
              uploads.add(
                [],
                rejections.map((rejection) => ({ file: rejection.file, code: refusalCode(rejection) })),
              )
            }
            inputLabel={t('photos.dropzone.label')}
            inputTestId="photo-input"
            data-testid="photo-dropzone"
          >
            <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
              <Dropzone.Accept>
                <IconCloudUpload size={40} color="var(--mantine-color-blue-6)" aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={40} color="var(--mantine-color-red-6)" aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconPhotoPlus size={40} color="var(--mantine-color-dimmed)" aria-hidden />
              </Dropzone.Idle>
              <div>
                <Dropzone.Idle>
                  <Text size="md" fw={500}>
                    {t('photos.dropzone.idle')}
                  </Text>
                </Dropzone.Idle>
                <Dropzone.Accept>
                  <Text size="md" fw={500}>
                    {t('photos.dropzone.accept')}
                  </Text>
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <Text size="md" fw={500}>
                    {t('photos.dropzone.reject', { size })}
                  </Text>
                </Dropzone.Reject>
                <Text size="sm" c="dimmed" mt={4} id={hintId}>
                  {t('photos.dropzone.hint', { size, max: PHOTOS_PER_OWNER })}
                </Text>
                <ChoosePhotosButton describedBy={hintId} testId="photo-choose">
                  {t('photos.dropzone.choose')}
                </ChoosePhotosButton>
              </div>
            </Group>
          </PhotoDropzone>
        </>
      )}
      <UploadQueue items={uploads.items} onDismiss={uploads.dismiss} />
      {uploads.items.filter((item) => item.status === 'failed').length > 1 && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={uploads.clearFinished}>
            {t('photos.queue.clear')}
          </Button>
        </Group>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {uploads.announcement}
      </VisuallyHidden>
      <PhotoGrid owner={owner} photos={photos} />
    </Stack>
  );
}
