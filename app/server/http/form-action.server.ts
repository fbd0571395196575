/**
 * The page protocol (decision 037): every form action of a staff page, a portal or a public form
 * goes through `handleFormAction`, which
 *
 * 1. reads the posted form (400 when the body is not one) and its `intent`, refusing an intent
 *    the page does not know (400);
 * 2. optionally counts the post against a rate limit of spec §9 (429 with `Retry-After`);
 * 3. hands the page's handler a `FormCall`: `parse` validates with a zod schema (422 with one
 *    translated message per field), `refuse` answers a service's reason code as a status, a field
 *    and a translated message (see `ReasonTable`), `done` answers a success;
 * 4. answers one `ActionResult` shape, echoing what the person typed (never secrets): a plain HTML
 *    post (JavaScript off) that succeeded is redirected (303) so a reload does not post again, an
 *    enhanced post gets the data and shows a toast.
 *
 * Services stay free of HTTP and translations: they return data or `{ ok: false, reason }`, and
 * the page maps reasons here. A refusal thrown from `parse`/`refuse` is caught by
 * `handleFormAction`; any other error propagates (a 500 with an error id).
 */
import { randomUUID } from 'node:crypto';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { getT } from '~/i18n/translate.server';
import type { ActionFailure, ActionResult } from '~/lib/action-result';
import { NEVER_ECHOED } from '~/lib/action-result';
import type { Language } from '~/lib/constants';
import type { TFunction } from '~/lib/i18n';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin, type RequestOrigin } from '../audit.server';
import type { DimoraLoadContext } from '../load-context';
import { checkRateLimit, type RateLimitAction } from '../rate-limit.server';
import { retryAfterValue } from '../responses.server';
import { fieldErrors, formFields, isDocumentPost, readFormData } from './form.server';

/** How long an echoed value may be: a huge post is not sent back whole. */
const ECHO_LIMIT = 2_000;

/**
 * How a page answers one reason code of a service: the HTTP status, the translation key of the
 * message, and the field it belongs to (default `form`, the whole form).
 */
export type Refusal = { status: number; message: string; field?: string };

/** Every reason code a service may return, mapped to its refusal (checked exhaustively by TypeScript). */
export type ReasonTable<Reason extends string> = Record<Reason, Refusal>;

/**
 * A reason table whose messages are named after the reasons: `${prefix}.${reason}` (e.g.
 * `leases.errors.overlap`). Each reason maps to its HTTP status, or to `{ status, field }` when the
 * message belongs to a field (decision 037).
 */
export function reasonTable<Reason extends string>(
  prefix: string,
  statuses: Record<Reason, number | { status: number; field: string }>,
): ReasonTable<Reason> {
  const entries = Object.entries<number | { status: number; field: string }>(statuses).map(([reason, answer]) => {
    const message = `${prefix}.${reason}`;
    return [reason, typeof answer === 'number' ? { status: answer, message } : { ...answer, message }];
  });
  return Object.fromEntries(entries) as ReasonTable<Reason>;
}

/** What a handler may add to a refusal besides the message: interpolation values, extra fields, a key. */
export type RefusalOptions = {
  /** Values for the message's `{{placeholders}}`. */
  params?: Record<string, unknown>;
  /** More messages by field (already translated), e.g. the same message on the amount field. */
  errors?: Record<string, string>;
  /** Tells apart several forms of one intent (an invoice id). */
  key?: string;
  /** A fresh idempotency key for the next attempt (payment forms). */
  renewKey?: boolean;
};

/**
 * What an invalid-input answer may carry besides the messages: the form's key, a fresh
 * idempotency key, and — for services that validate themselves and say how (`{ status, errors }`)
 * — the status (default 422) and the values to put back (default: the echoed fields).
 */
export type InvalidOptions = Pick<RefusalOptions, 'key' | 'renewKey'> & {
  status?: number;
  values?: Record<string, string | string[]>;
};

/** The success answer: the toast's message and where a plain post goes. */
export type DoneOptions<Extra extends object> = {
  /** Translation key of the toast text (with `params`); absent: no toast. */
  message?: string;
  params?: Record<string, unknown>;
  /**
   * Where a plain HTML post is redirected (303). Default: the page itself with `?done=<intent>`,
   * which the page turns into the same toast.
   */
  redirectTo?: string;
  /** Redirect enhanced posts too (the page moved: a created or replaced record). */
  alwaysRedirect?: boolean;
  /** Data the page needs besides the message (a preview, counts). */
  extra?: Extra;
  key?: string;
};

/** Thrown by `parse` and `refuse`, answered by `handleFormAction`. */
class FormRefusal {
  constructor(
    readonly status: number,
    readonly body: ActionFailure,
  ) {}
}

/** What a page's handler works with for one post. */
export type FormCall<Intent extends string> = {
  request: Request;
  context: DimoraLoadContext;
  lang: Language;
  t: TFunction;
  form: FormData;
  /** The text fields (one value a name; check-box groups: `form.getAll`). */
  fields: Record<string, string>;
  intent: Intent;
  /** Client address and user agent, for the audit log. */
  origin: RequestOrigin;
  /** True when the browser posted the form itself (JavaScript off). */
  documentPost: boolean;
  /**
   * The values a refusal echoes (every text field but secrets, or `options.echo`); a handler may
   * add entries (repeated fields as lists) before it refuses.
   */
  values: Record<string, string | string[]>;
  /** Validates `input` (default: the text fields) with `schema`; a failure answers 422 with a message per field. */
  parse<Schema extends z.ZodType>(schema: Schema, input?: unknown, options?: InvalidOptions): z.output<Schema>;
  /** Validates without answering: the data, or the translated messages by field (to merge with others). */
  validate<Schema extends z.ZodType>(
    schema: Schema,
    input?: unknown,
  ): { success: true; data: z.output<Schema> } | { success: false; errors: Record<string, string> };
  /** Answers 422 (or `options.status`) with these translated messages by field. Never returns. */
  invalid(errors: Record<string, string>, options?: InvalidOptions): never;
  /** Answers a refusal: `refusal.message` is a translation key. Never returns. */
  refuse(refusal: Refusal, options?: RefusalOptions): never;
  /** Answers a success. */
  done<Extra extends object = object>(options?: DoneOptions<Extra>): Response | ReturnType<typeof data<ActionResult<Intent, Extra>>>;
};

export type FormActionOptions<Intent extends string> = {
  /** The intents this page answers; the first is used when the form names none and `defaultIntent` is true. */
  intents: readonly Intent[];
  /** A form without an `intent` field means the first intent (single-form pages). */
  defaultIntent?: boolean;
  /** Count the post against a spec §9 limit; `user` keys the audit entry of a refusal. */
  rateLimit?: { action: RateLimitAction; userId?: string | null };
  /** Only these fields are echoed back (default: every text field but secrets). */
  echo?: readonly string[];
};

function echoOf(fields: Record<string, string>, only?: readonly string[]): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'intent' || NEVER_ECHOED.test(name) || (only && !only.includes(name))) continue;
    values[name] = value.slice(0, ECHO_LIMIT);
  }
  return values;
}

/** A refusal answered before the handler ran (bad body, unknown intent, rate limit). */
function early(status: number, body: ActionFailure, headers?: HeadersInit) {
  return data<ActionFailure>(body, { status, headers });
}

/**
 * Runs one form post through the protocol (see the module comment). `handler` receives the
 * `FormCall` and returns `call.done(…)` (or any Response of its own, e.g. a file).
 *
 * @throws only what the handler throws besides refusals (unexpected errors: a 500 with an error id).
 */
export async function handleFormAction<Intent extends string>(
  args: { request: Request; context: DimoraLoadContext },
  options: FormActionOptions<Intent>,
  handler: (call: FormCall<Intent>) => Promise<Response | ReturnType<typeof data>> | Response | ReturnType<typeof data>,
) {
  const { request, context } = args;
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await readFormData(request);
  const fields = formFields(form);
  const named = fields.intent ?? (options.defaultIntent ? options.intents[0] : undefined);
  if (named === undefined || !(options.intents as readonly string[]).includes(named)) {
    return early(400, { ok: false, intent: null, errors: { form: t('common.errors.unknownIntent') } });
  }
  const intent = named as Intent;
  const values = echoOf(fields, options.echo);

  if (options.rateLimit) {
    const limited = await checkRateLimit({ context, request }, options.rateLimit.action, options.rateLimit.userId ?? null);
    if (limited) {
      return early(
        429,
        { ok: false, intent, errors: {}, values, rateLimited: { action: limited.action, retryAfterS: limited.retryAfterS } },
        { 'Retry-After': retryAfterValue(limited.retryAfterS) },
      );
    }
  }

  const documentPost = isDocumentPost(request);
  const url = new URL(request.url);
  const call: FormCall<Intent> = {
    request,
    context,
    lang,
    t,
    form,
    fields,
    intent,
    origin: requestOrigin(request, context.clientIp),
    documentPost,
    values,
    parse(schema, input = fields, parseOptions = {}) {
      const parsed = schema.safeParse(input);
      if (parsed.success) return parsed.data;
      throw new FormRefusal(422, {
        ok: false,
        intent,
        errors: fieldErrors(parsed.error, lang),
        values,
        key: parseOptions.key,
        nextKey: parseOptions.renewKey ? randomUUID() : undefined,
      });
    },
    validate(schema, input = fields) {
      const parsed = schema.safeParse(input);
      return parsed.success ? { success: true, data: parsed.data } : { success: false, errors: fieldErrors(parsed.error, lang) };
    },
    invalid(errors, invalidOptions = {}) {
      throw new FormRefusal(invalidOptions.status ?? 422, {
        ok: false,
        intent,
        errors,
        values: invalidOptions.values ?? values,
        key: invalidOptions.key,
        nextKey: invalidOptions.renewKey ? randomUUID() : undefined,
      });
    },
    refuse(refusal, refusalOptions = {}) {
      const message = t(refusal.message, refusalOptions.params);
      throw new FormRefusal(refusal.status, {
        ok: false,
        intent,
        errors: { ...refusalOptions.errors, [refusal.field ?? 'form']: message },
        values,
        key: refusalOptions.key,
        nextKey: refusalOptions.renewKey ? randomUUID() : undefined,
      });
    },
    done(doneOptions = {}) {
      const redirectTo = doneOptions.redirectTo ?? `${url.pathname}?done=${encodeURIComponent(intent)}`;
      if (documentPost || doneOptions.alwaysRedirect) return redirect(redirectTo, 303);
      const body = {
        ok: true as const,
        intent,
        message: doneOptions.message ? t(doneOptions.message, doneOptions.params) : undefined,
        key: doneOptions.key,
        ...doneOptions.extra,
      };
      return data(body as ActionResult<Intent, NonNullable<typeof doneOptions.extra>>);
    },
  };

  try {
    return await handler(call);
  } catch (error) {
    if (error instanceof FormRefusal) return data<ActionFailure>(stripUndefined(error.body), { status: error.status });
    throw error;
  }
}

/** JSON drops `undefined` anyway; dropping it here keeps turbo-stream answers identical. */
function stripUndefined(body: ActionFailure): ActionFailure {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as ActionFailure;
}
