/**
 * The `meta` a route loader returns (title and description, decision 034), translated into the
 * request's language. Pages with placeholders in the title (a record's name or number) pass them
 * as `titleParams`.
 */
import { getT } from '~/i18n/translate.server';
import type { TOptions } from '~/lib/i18n';
import type { PageMeta } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';

/** `{ title, description }` from two translation keys, in the language of `request`. */
export function requestPageMeta(
  request: Request,
  titleKey: string,
  descriptionKey: string,
  titleParams?: TOptions,
): Required<Pick<PageMeta, 'title' | 'description'>> {
  const t = getT(requestLanguage(request));
  return { title: t(titleKey, titleParams), description: t(descriptionKey) };
}
