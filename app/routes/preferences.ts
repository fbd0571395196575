/**
 * POST /preferences: saves language, theme, side-menu state or cookie consent as cookies
 * (spec §9 keys). Forms post here without JavaScript and are redirected back (303); the enhanced
 * client sends `mode=fetch` and gets JSON, and the root loader revalidates.
 */
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { PREFERENCE_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_MAX_AGE_S, STORAGE_KEYS, SUPPORTED_LANGUAGES } from '~/lib/constants';
import { serializeCookie } from '~/lib/cookies';
import { consentFromForm } from '~/lib/preferences';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Route } from './+types/preferences';
import { readFormData } from '~/server/http/form.server';

const schema = z.object({
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
  theme: z.enum(['light', 'dark', 'auto']).optional(),
  sidebar: z.enum(['true', 'false']).optional(),
  consent: z.enum(['all', 'necessary', 'custom']).optional(),
  redirectTo: z.string().max(2048).optional(),
  mode: z.enum(['fetch']).optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const parsed = schema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')));
  if (!parsed.success) {
    return data({ ok: false, errors: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  }
  const input = parsed.data;
  const headers = new Headers();
  if (input.language) {
    headers.append('Set-Cookie', serializeCookie(STORAGE_KEYS.language, input.language, PREFERENCE_COOKIE_MAX_AGE_S));
  }
  if (input.theme) {
    headers.append('Set-Cookie', serializeCookie(STORAGE_KEYS.theme, input.theme, PREFERENCE_COOKIE_MAX_AGE_S));
  }
  if (input.sidebar) {
    headers.append('Set-Cookie', serializeCookie(STORAGE_KEYS.sidebar, input.sidebar, SIDEBAR_COOKIE_MAX_AGE_S));
  }
  if (input.consent) {
    const consent = consentFromForm(input.consent, form);
    headers.append('Set-Cookie', serializeCookie(STORAGE_KEYS.cookieConsent, JSON.stringify(consent), PREFERENCE_COOKIE_MAX_AGE_S));
  }
  if (input.mode === 'fetch') return data({ ok: true }, { headers });
  throw redirect(safeRedirectPath(input.redirectTo), { status: 303, headers });
}

export function loader() {
  throw redirect('/');
}
