/**
 * The photo commands' input (decision 017), shared by the photo manager's forms and the
 * endpoint that checks them again. Client-safe.
 */
import { z } from 'zod';
import { PHOTOS_PER_OWNER } from '~/lib/uploads';

/** A photo is named by its URL in the owner's list (uploaded or demo). */
const photoUrl = z.string().trim().min(1).max(500);

export const photoCommandSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('move'),
    photo: photoUrl,
    to: z.coerce
      .number()
      .int()
      .min(0)
      .max(PHOTOS_PER_OWNER - 1),
  }),
  z.object({ intent: z.literal('cover'), photo: photoUrl }),
  z.object({ intent: z.literal('delete'), photo: photoUrl }),
]);
export type PhotoCommand = z.infer<typeof photoCommandSchema>;
export type PhotoIntent = PhotoCommand['intent'] | 'upload';

/** What the photo endpoints answer to a script (a plain form post is redirected instead). */
export type PhotoAnswer =
  | { ok: true; intent: PhotoIntent; photos: string[]; added: string[]; message: string }
  | { ok: false; intent: PhotoIntent; code: string; message: string; fileName?: string };

/** The outcome a plain form post is redirected with (`?photos=` or `?photoError=&photoFile=&photoRemaining=`). */
export const PHOTO_DONE_PARAM = 'photos';
export const PHOTO_ERROR_PARAM = 'photoError';
export const PHOTO_FILE_PARAM = 'photoFile';
export const PHOTO_REMAINING_PARAM = 'photoRemaining';
