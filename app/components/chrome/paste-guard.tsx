/**
 * The paste guard (spec §5), mounted once in the page chrome. A document-level `paste` listener
 * (capture phase, so it runs before any field's own handler) checks text pasted into a text
 * input, a textarea or an editable element with `isHarmfulPaste`. On a match the paste is
 * cancelled, a red "Security Warning" toast says so, and the server is told through
 * POST /api/security-events, which writes the audit entry (spec §3, §5). Renders nothing.
 */
import { showToast } from '~/lib/toasts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import { isHarmfulPaste, PASTE_SAMPLE_LENGTH } from '~/lib/paste-guard';

/** Input types that take free text; checkboxes, dates, files and the like are left alone. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', '']);

/** The field receiving the paste, when it is one the guard watches. */
function guardedField(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof HTMLElement)) return null;
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type.toLowerCase()) ? target : null;
  return target.isContentEditable ? target : null;
}

/** How the audit entry names the field: its name, else its id, else its kind. */
function fieldLabel(field: HTMLElement): string {
  const name = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.name : '';
  return (name || field.id || field.getAttribute('aria-label') || field.tagName.toLowerCase()).slice(0, 100);
}

/** Tells the server about a blocked paste; failures are ignored (the paste is blocked anyway). */
function reportBlockedPaste(text: string, field: HTMLElement) {
  const body = JSON.stringify({
    sample: text.slice(0, PASTE_SAMPLE_LENGTH),
    field: fieldLabel(field),
    path: window.location.pathname.slice(0, 300),
  });
  void fetch('/api/security-events', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

/** Installs the document-wide paste check while mounted (spec §5). */
export function PasteGuard() {
  const { t } = useTranslation();
  // The latest translations without re-installing the listener on a language switch.
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const field = guardedField(event.target);
      if (!field) return;
      const data = event.clipboardData;
      const text = data?.getData('text/plain') || data?.getData('text') || '';
      // An editable element would also take the HTML flavour; text fields only take plain text.
      const html = field.isContentEditable ? (data?.getData('text/html') ?? '') : '';
      if (!isHarmfulPaste(text) && !isHarmfulPaste(html)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      showToast({
        id: 'paste-blocked',
        color: 'red',
        title: tRef.current('common.security.warningTitle'),
        message: tRef.current('common.security.pasteBlocked'),
      });
      reportBlockedPaste(text || html, field);
    };
    document.addEventListener('paste', onPaste, { capture: true });
    return () => document.removeEventListener('paste', onPaste, { capture: true });
  }, []);

  return null;
}
