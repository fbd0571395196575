/**
 * The answer of a POST-only JSON endpoint under /api to any other method (spec §6): 405 with
 * `Allow: POST`, before anything is read or checked. Such an endpoint's `loader` is this
 * function, and its `action` starts with `if (request.method !== 'POST') return methodNotAllowed();`.
 */
import { data } from 'react-router';

/** 405 `{ ok: false, error: 'method_not_allowed' }` with `Allow: POST`. */
export function methodNotAllowed() {
  return data({ ok: false, error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
