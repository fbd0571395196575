/**
 * The vendor portal's paths whose posts carry files (decision 029), for the body cap
 * of server/app.ts: a work order's page (a note or a completion with photos) and the new-invoice
 * page (a PDF), plain or as a `.data` request. Kept apart so the server reads it without loading
 * the upload pipeline.
 */
import { PHOTO_MAX_REQUEST_BYTES } from '~/lib/uploads';

export const WORK_ORDER_UPLOAD_PATH = /^\/vendor-portal\/(work-orders\/\d{1,10}|invoices\/new)(\.data)?$/;

/** The largest body of those posts: several photos (the photo pipeline's cap). */
export const WORK_ORDER_UPLOAD_MAX_BYTES = PHOTO_MAX_REQUEST_BYTES;
