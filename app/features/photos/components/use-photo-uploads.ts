/**
 * The photo manager's upload queue (decision 017): files dropped or chosen are sent one
 * at a time, in the order given, each in its own request so each gets its own progress bar
 * (`XMLHttpRequest` reports upload progress; `fetch` does not) and its own answer. A file the
 * dropzone already refused, or one beyond the owner's room, never leaves the browser. Once a
 * photo is stored the page's data is reloaded; the item then leaves the queue when its photo
 * shows in the grid. Failed items stay, with their message, until dismissed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useRevalidator } from 'react-router';
import { PHOTOS_PER_OWNER, photoUploadUrl, type PhotoOwnerType } from '~/lib/uploads';
import { photoErrorMessage } from '../photo-messages';
import type { PhotoAnswer } from '../photos.schemas';

export type UploadStatus = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';

export type UploadItem = {
  id: string;
  name: string;
  status: UploadStatus;
  /** 0–100 while uploading. */
  progress: number;
  /** The message of a failed item. */
  error?: string;
  /** The stored photo's URL, once done. */
  url?: string;
  /** A local preview (object URL) for types the browser can show. */
  preview?: string;
};

type Owner = { type: PhotoOwnerType; id: number };

/** Types a browser can preview from a local file (HEIC cannot be shown before it is converted). */
const PREVIEWABLE = /^image\/(jpeg|png|webp|avif)$/;

let sequence = 0;

function answerMessage(t: ReturnType<typeof useTranslation>['t'], ownerType: PhotoOwnerType, status: number, body: unknown): string {
  const answer = body as (Partial<PhotoAnswer> & { error?: string }) | null;
  if (answer && typeof answer.message === 'string' && answer.message) return answer.message;
  const code =
    status === 401
      ? 'signed_out'
      : status === 429
        ? 'rate_limited'
        : status === 413
          ? 'request_too_large'
          : status === 404
            ? 'not_found'
            : status === 0
              ? 'network'
              : 'server';
  return photoErrorMessage(t, { code, ownerType });
}

export function usePhotoUploads({ owner, photoCount, shown }: { owner: Owner; photoCount: number; shown: readonly string[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<UploadItem[]>([]);
  /** The last upload's outcome, for a polite live region. */
  const [announcement, setAnnouncement] = useState('');
  const files = useRef(new Map<string, File>());
  const active = useRef<XMLHttpRequest | null>(null);
  // Ids already sent: an effect that runs twice (development's strict mode) sends once.
  const started = useRef(new Set<string>());
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  /** Queues accepted files, and lists refused ones (`code`: why the dropzone refused them) as failed. */
  const add = useCallback(
    (accepted: File[], refused: { file: File; code: string }[] = []) => {
      setItems((list) => {
        const pending = list.filter(
          (item) =>
            item.status === 'waiting' ||
            item.status === 'uploading' ||
            item.status === 'processing' ||
            (item.status === 'done' && !shown.includes(item.url ?? '')),
        ).length;
        let room = PHOTOS_PER_OWNER - photoCount - pending;
        const next = [...list];
        for (const file of accepted) {
          const id = `upload-${(sequence += 1)}`;
          if (room <= 0) {
            next.push({
              id,
              name: file.name,
              status: 'failed',
              progress: 0,
              error: photoErrorMessage(t, { code: 'owner_full', ownerType: owner.type, remaining: 0 }),
            });
            continue;
          }
          room -= 1;
          files.current.set(id, file);
          next.push({
            id,
            name: file.name,
            status: 'waiting',
            progress: 0,
            preview: PREVIEWABLE.test(file.type) ? URL.createObjectURL(file) : undefined,
          });
        }
        for (const { file, code } of refused) {
          next.push({
            id: `upload-${(sequence += 1)}`,
            name: file.name,
            status: 'failed',
            progress: 0,
            error: photoErrorMessage(t, { code, ownerType: owner.type }),
          });
        }
        return next;
      });
    },
    [owner.type, photoCount, shown, t],
  );

  const release = (item: UploadItem) => {
    if (item.preview) URL.revokeObjectURL(item.preview);
    files.current.delete(item.id);
  };

  const dismiss = useCallback((id: string) => {
    setItems((list) => {
      const item = list.find((entry) => entry.id === id);
      if (item) release(item);
      return list.filter((entry) => entry.id !== id);
    });
  }, []);

  const clearFinished = useCallback(() => {
    setItems((list) => {
      for (const item of list) if (item.status === 'failed' || item.status === 'done') release(item);
      return list.filter((item) => item.status !== 'failed' && item.status !== 'done');
    });
  }, []);

  // One upload at a time, in order.
  const next = items.find((item) => item.status === 'waiting');
  const busy = items.some((item) => item.status === 'uploading' || item.status === 'processing');
  useEffect(() => {
    if (!next || busy) return;
    const file = files.current.get(next.id);
    if (!file) {
      update(next.id, { status: 'failed', error: photoErrorMessage(t, { code: 'no_file', ownerType: owner.type }) });
      return;
    }
    const id = next.id;
    if (started.current.has(id)) return;
    started.current.add(id);
    const xhr = new XMLHttpRequest();
    active.current = xhr;
    xhr.open('POST', photoUploadUrl(owner));
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) update(id, { progress: Math.round((event.loaded / event.total) * 100) });
    };
    // Every byte is sent: the server now checks and converts the photo.
    xhr.upload.onload = () => update(id, { status: 'processing', progress: 100 });
    xhr.onload = () => {
      active.current = null;
      files.current.delete(id);
      const body = xhr.response as PhotoAnswer | null;
      if (xhr.status === 200 && body?.ok) {
        update(id, { status: 'done', progress: 100, url: body.added[0] });
        setAnnouncement(`${file.name}: ${body.message}`);
        revalidate.current();
      } else {
        const error = answerMessage(t, owner.type, xhr.status, body);
        update(id, { status: 'failed', error });
        setAnnouncement(`${file.name}: ${error}`);
      }
    };
    xhr.onerror = () => {
      active.current = null;
      const error = answerMessage(t, owner.type, 0, null);
      update(id, { status: 'failed', error });
      setAnnouncement(`${file.name}: ${error}`);
    };
    update(id, { status: 'uploading', progress: 0 });
    const form = new FormData();
    form.append('photos', file, file.name);
    xhr.send(form);
  }, [next, busy, owner, t, update]);

  // A finished upload leaves the queue once its photo is in the grid.
  useEffect(() => {
    setItems((list) => {
      const left = list.filter((item) => !(item.status === 'done' && item.url && shown.includes(item.url)));
      if (left.length === list.length) return list;
      for (const item of list) if (!left.includes(item)) release(item);
      return left;
    });
  }, [shown]);

  // Leaving the page stops the upload in flight and frees the previews.
  const latest = useRef(items);
  latest.current = items;
  useEffect(
    () => () => {
      active.current?.abort();
      for (const item of latest.current) if (item.preview) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  return { items, add, dismiss, clearFinished, announcement };
}
