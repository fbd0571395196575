/**
 * Sending maintenance requests from the browser, with the offline queue (decision 027). `send` posts a request (text fields and photos) to the JSON endpoint; when the device is
 * offline — the connectivity check says so, or the post fails on the network or with a server
 * error — the request is kept on the device (offline-queue.ts) and shown as "waiting to send".
 * Waiting requests go by themselves, one at a time and in order, when the connection is back
 * (the connectivity check, the browser's online event, the event stream reopening, and every
 * 15 s while any waits). Each carries its client id, so a request delivered twice (two tabs, a
 * lost answer) is stored once. A refusal (422, 404…) keeps the request on the device, marked
 * refused with the server's message, until the tenant discards it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useRealtime, useRealtimeEvent } from '~/lib/realtime';
import { useFlushWhileWaiting } from '~/lib/use-flush-while-waiting';
import { MAINTENANCE_REQUESTS_API } from '../tenant-requests.schemas';
import type { CreateRequestAnswer } from '../tenant-requests.types';
import { listQueued, putQueued, removeQueued, type QueuedRequest } from './offline-queue';

/** What became of a request given to `send`. */
export type SendOutcome =
  { kind: 'sent'; answer: CreateRequestAnswer } | { kind: 'queued' } | { kind: 'refused'; status: number; answer: CreateRequestAnswer };

type Delivery =
  | { kind: 'delivered'; answer: CreateRequestAnswer }
  | { kind: 'offline' }
  | { kind: 'refused'; status: number; answer: CreateRequestAnswer };

/** Posts one request; `offline` for a network failure or a server that cannot answer now. */
async function deliver(fields: Record<string, string>, photos: readonly { name: string; type: string; data: Blob }[]): Promise<Delivery> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const photo of photos) body.append('photos', new File([photo.data], photo.name, { type: photo.type }));
  let response: Response;
  try {
    response = await fetch(MAINTENANCE_REQUESTS_API, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'offline' };
  }
  const answer = (await response.json().catch(() => null)) as CreateRequestAnswer | null;
  if (response.ok && answer?.ok) return { kind: 'delivered', answer };
  if (response.status >= 500 || !answer) return { kind: 'offline' };
  return { kind: 'refused', status: response.status, answer };
}

/**
 * The viewer's queue and the `send` function. `owner` is the signed-in account's id;
 * `onDelivered` hears of each queued request that reached the server.
 */
export function useOfflineRequests(owner: string, onDelivered?: (answer: CreateRequestAnswer) => void) {
  const { connectivity } = useRealtime();
  const revalidator = useRevalidator();
  const [queued, setQueued] = useState<QueuedRequest[]>([]);
  const [sending, setSending] = useState<string | null>(null);
  const flushing = useRef(false);
  const deliveredRef = useRef(onDelivered);
  deliveredRef.current = onDelivered;
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;

  const reload = useCallback(async () => {
    const items = await listQueued(owner);
    setQueued(items);
    return items;
  }, [owner]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Sends what waits, oldest first; stops at the first that cannot go now. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    let delivered = 0;
    try {
      for (const item of await reload()) {
        if (item.state !== 'waiting') continue;
        setSending(item.clientId);
        const outcome = await deliver(item.fields, item.photos);
        if (outcome.kind === 'offline') break;
        if (outcome.kind === 'refused' && outcome.status === 429) break;
        if (outcome.kind === 'delivered') {
          await removeQueued(item.clientId);
          delivered += 1;
          deliveredRef.current?.(outcome.answer);
        } else {
          await putQueued({
            ...item,
            state: 'refused',
            error: outcome.answer.error ?? Object.values(outcome.answer.errors ?? {})[0] ?? String(outcome.status),
          });
        }
      }
    } finally {
      setSending(null);
      flushing.current = false;
      await reload();
      // Only after a delivery: a reload while offline would fail the page.
      if (delivered > 0) void revalidateRef.current();
    }
  }, [reload]);

  const waiting = queued.some((item) => item.state === 'waiting');
  useFlushWhileWaiting(flush, connectivity, waiting);
  useRealtimeEvent('ready', () => {
    if (waiting) void flush();
  });

  /**
   * Sends a new request now, or keeps it on the device when offline. `fields` must hold its
   * `clientId`. A refusal is answered to the form (nothing is kept).
   */
  const send = useCallback(
    async (fields: Record<string, string>, files: readonly File[]): Promise<SendOutcome> => {
      const photos = files.map((file) => ({ name: file.name, type: file.type, data: file as Blob }));
      const keep = async (): Promise<SendOutcome> => {
        await putQueued({ clientId: fields.clientId!, owner, createdAt: new Date().toISOString(), fields, photos, state: 'waiting' });
        await reload();
        return { kind: 'queued' };
      };
      if (connectivity === 'offline' || (typeof navigator !== 'undefined' && navigator.onLine === false)) return keep();
      const outcome = await deliver(fields, photos);
      if (outcome.kind === 'offline') return keep();
      if (outcome.kind === 'refused') return { kind: 'refused', status: outcome.status, answer: outcome.answer };
      return { kind: 'sent', answer: outcome.answer };
    },
    [connectivity, owner, reload],
  );

  const discard = useCallback(
    async (clientId: string) => {
      await removeQueued(clientId);
      await reload();
    },
    [reload],
  );

  return { queued, sending, send, discard, flush };
}
