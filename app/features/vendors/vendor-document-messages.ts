/**
 * The text of a refused vendor document upload (decision 030 "bad input gets a
 * clear, translated error"), the same whether a script gets JSON or a plain form post is sent
 * back to the profile page with the code in the URL. Client-safe.
 */
import type { TFunction } from '~/lib/i18n';
import { DOCUMENT_MAX_FILE_BYTES, DOCUMENT_MAX_REQUEST_BYTES } from '~/lib/document-uploads';
import { megabytes, PHOTO_MAX_PIXELS, UPLOAD_ERROR_CODES, type UploadErrorCode } from '~/lib/uploads';
import { VENDOR_DOCUMENTS_MAX } from './vendor-admin.types';

/** Refusals of the document form besides the upload pipeline's own. */
const FORM_CODES = [
  'not_found',
  'too_many_documents',
  'invalid_kind',
  'expiry_required',
  'expiry_invalid',
  'expiry_past',
  'expiry_far',
  'invalid',
] as const;

export type DocumentErrorCode = UploadErrorCode | (typeof FORM_CODES)[number];

/** The field messages of the form's schema (translation keys) and the codes they travel as. */
const KEY_CODES: Record<string, DocumentErrorCode> = {
  'vendors.documents.errors.kind': 'invalid_kind',
  'common.form.required': 'expiry_required',
  'forms.vendor.errors.insuranceDate': 'expiry_invalid',
  'vendors.documents.errors.expired': 'expiry_past',
  'forms.vendor.errors.insuranceFar': 'expiry_far',
};

/** A code from the URL or a schema message key → a known code; anything else reads as `invalid`. */
export function documentErrorCode(raw: string): DocumentErrorCode {
  if ((UPLOAD_ERROR_CODES as readonly string[]).includes(raw) || (FORM_CODES as readonly string[]).includes(raw))
    return raw as DocumentErrorCode;
  return KEY_CODES[raw] ?? 'invalid';
}

/** The message for refusal `code`, with the limits it names. */
export function documentErrorMessage(t: TFunction, code: DocumentErrorCode): string {
  switch (code) {
    case 'file_too_large':
      return t('vendors.documents.errors.file_too_large', { max: megabytes(DOCUMENT_MAX_FILE_BYTES) });
    case 'request_too_large':
      return t('vendors.documents.errors.request_too_large', { max: megabytes(DOCUMENT_MAX_REQUEST_BYTES) });
    case 'too_many_pixels':
      return t('photos.errors.too_many_pixels', { max: Math.round(PHOTO_MAX_PIXELS / 1_000_000) });
    case 'too_many_documents':
      return t('vendors.documents.errors.too_many_documents', { max: VENDOR_DOCUMENTS_MAX });
    case 'not_multipart':
    case 'malformed':
    case 'bad_field':
    case 'bad_file_name':
    case 'empty_file':
    case 'unreadable_image':
    case 'infected':
    case 'scan_unavailable':
      return t(`photos.errors.${code}`);
    default:
      return t(`vendors.documents.errors.${code}`);
  }
}
