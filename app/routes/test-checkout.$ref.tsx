/**
 * /test-checkout/:ref — the sandbox's stand-in for Stripe's hosted Checkout page (decision 049).
 * Public like Stripe's page (the session reference is the secret), 404 unless the sandbox is
 * the payment provider. Works without JavaScript: a plain form, a 303 back to our return page.
 */
import { TestCheckoutPage } from '~/features/payments/components/test-checkout-page';
import { loadTestCheckout, payTestCheckout, type TestCheckoutAnswer } from '~/features/payments/test-checkout.page.server';
import { getT } from '~/i18n/translate.server';
import { translations } from '~/i18n/resources.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { formFields, readFormData } from '~/server/http/form.server';
import type { Route } from './+types/test-checkout.$ref';

export async function loader({ request, params }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const checkout = await loadTestCheckout(params.ref);
  const t = getT(lang);
  return {
    checkout,
    i18n: translations(lang, ['checkout']),
    meta: { title: t('checkout.title'), description: t('checkout.notice') },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return payTestCheckout(params.ref, formFields(await readFormData(request)), context);
}

export const meta = loaderMeta;

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  return <TestCheckoutPage checkout={loaderData.checkout} answer={actionData as TestCheckoutAnswer | undefined} />;
}
