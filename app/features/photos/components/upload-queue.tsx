/**
 * The files being uploaded (decision 017): a thumbnail or icon, the name, a progress
 * bar per file (bytes sent, then "Processing" while the server converts it), and a refused
 * file's message next to it until it is dismissed.
 */
import { CloseButton, Group, Image, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import classes from './photos.module.css';
import type { UploadItem } from './use-photo-uploads';

function statusText(item: UploadItem, t: ReturnType<typeof useTranslation>['t']): string {
  switch (item.status) {
    case 'waiting':
      return t('photos.queue.waiting');
    case 'uploading':
      return t('photos.queue.uploading', { percent: item.progress });
    case 'processing':
      return t('photos.queue.processing');
    case 'done':
      return t('photos.queue.done');
    default:
      return t('photos.queue.failed');
  }
}

export function UploadQueue({ items, onDismiss }: { items: UploadItem[]; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  // A file named like an image that is not one has no preview: the icon stands in.
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  if (items.length === 0) return null;
  return (
    <Stack component="ul" gap="xs" aria-label={t('photos.queue.label')} data-testid="upload-queue" className={classes.list}>
      {items.map((item) => (
        <Paper component="li" withBorder p="xs" radius="md" key={item.id} data-testid="upload-item" data-status={item.status}>
          <Group wrap="nowrap" gap="sm" align="flex-start">
            {item.preview && !broken.has(item.id) ? (
              <Image
                src={item.preview}
                w={56}
                h={42}
                radius="sm"
                fit="cover"
                alt=""
                onError={() => setBroken((set) => new Set(set).add(item.id))}
              />
            ) : (
              <ThemeIcon
                variant="light"
                size={42}
                style={{ '--ti-radius': 'var(--mantine-radius-sm)' }}
                color={item.status === 'failed' ? 'red' : 'gray'}
                aria-hidden
              >
                <IconPhoto size={20} />
              </ThemeIcon>
            )}
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate="end" title={item.name}>
                  {item.name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  {item.status === 'done' && <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />}
                  <Text
                    size="xs"
                    c={item.status === 'failed' ? undefined : 'dimmed'}
                    className={item.status === 'failed' ? classes.error : undefined}
                    data-testid="upload-status"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {statusText(item, t)}
                  </Text>
                </Group>
              </Group>
              {(item.status === 'waiting' || item.status === 'uploading' || item.status === 'processing') && (
                <Progress
                  value={item.progress}
                  size="sm"
                  striped={item.status === 'processing'}
                  animated={item.status === 'processing'}
                  aria-label={t('photos.queue.progress', { name: item.name })}
                  data-testid="upload-progress"
                />
              )}
              {item.status === 'failed' && (
                <Text size="sm" className={classes.error} role="alert" data-testid="upload-error">
                  {item.error}
                </Text>
              )}
            </Stack>
            {item.status === 'failed' && (
              <CloseButton size="sm" aria-label={t('photos.queue.dismiss', { name: item.name })} onClick={() => onDismiss(item.id)} />
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
