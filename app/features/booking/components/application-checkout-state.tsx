/**
 * /payment-success for an application not paid yet (decision 049): waiting for the provider's
 * confirmation (re-read every few seconds while visible), or not completed — nothing charged —
 * with the way back to the application (its draft is kept) to try again or pay at signing.
 */
import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useRevalidateWhileVisible } from '~/components/use-revalidate-while-visible';
import { formatCents } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';

export type ApplicationCheckoutStateView = {
  reference: string;
  propertyId: number;
  amountCents: number;
  status: 'pending' | 'failed';
  /** The hosted page while it can still be paid. */
  url: string | null;
};

function WhilePending() {
  useRevalidateWhileVisible(4_000);
  return null;
}

export function ApplicationCheckoutState({ state }: { state: ApplicationCheckoutStateView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const values = { reference: state.reference, amount: formatCents(state.amountCents, lang) };
  return (
    <Stack gap="md" data-testid="application-checkout" data-status={state.status}>
      {state.status === 'pending' && <WhilePending />}
      <div role="status" aria-live="polite">
        {state.status === 'pending' ? (
          <Alert color="blue" title={t('booking.checkoutReturn.pendingTitle')} icon={<Loader size="xs" aria-hidden />}>
            {t(state.url ? 'booking.checkoutReturn.open' : 'booking.checkoutReturn.pending', values)}
          </Alert>
        ) : (
          <Alert color="orange" title={t('booking.checkoutReturn.failedTitle')}>
            {t('booking.checkoutReturn.failed', values)}
          </Alert>
        )}
      </div>
      <Group gap="sm">
        {state.url && (
          <Button component="a" href={state.url}>
            {t('booking.checkoutReturn.continue')}
          </Button>
        )}
        <Anchor component={Link} to={`/booking/${state.propertyId}?step=confirm`}>
          {t('booking.checkoutReturn.retry')}
        </Anchor>
      </Group>
    </Stack>
  );
}
