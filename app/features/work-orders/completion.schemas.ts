/**
 * The vendor's reports while the work is under way and when it is done: a status note (text
 * and/or before/after photos) and the completion (notes required, after photos). The photos
 * arrive as files, read by `work-order-uploads.server.ts`. Client-safe.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, cleanMultiline } from '~/lib/form-fields';
import { optionalField } from './work-orders.schemas';

/** The phase of the photos sent with a status note. */
export const PHOTO_PHASES = ['before', 'after'] as const;
export type PhotoPhase = (typeof PHOTO_PHASES)[number];

/** A status note or completion notes, at most this long. */
export const NOTE_MAX = 2_000;
/** Photos one note or completion may carry. */
export const WORK_ORDER_PHOTOS_PER_POST = 10;

const PHASE_MESSAGE = 'workOrders.errors.phase';

/** A status note: text and/or photos (the photos arrive as files), with the photos' phase. */
export const noteSchema = z.object({
  note: z.string().overwrite(cleanMultiline).max(NOTE_MAX, FIELD_MESSAGES.tooLong).default(''),
  phase: optionalField(z.enum(PHOTO_PHASES, PHASE_MESSAGE)),
});

/** Completion: the notes are required; after photos arrive as files. */
export const completeSchema = z.object({
  notes: z.string().overwrite(cleanMultiline).min(1, FIELD_MESSAGES.required).max(NOTE_MAX, FIELD_MESSAGES.tooLong),
});
