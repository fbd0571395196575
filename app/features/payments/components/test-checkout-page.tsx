/**
 * The sandbox's hosted checkout page (decision 049): a stand-in for Stripe's, marked "Test mode"
 * on every view. It lists the test cards, takes a card as Stripe's page would, and says why a card
 * was refused without closing the session; a session that offers bank debits also takes the test
 * bank account (decision 050). Plain forms: it works without JavaScript.
 */
import { Alert, Anchor, Badge, Button, Card, Container, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { formatCents } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { TestCheckoutAnswer, TestCheckoutView } from '../test-checkout.page.server';

/** "4242424242424242" → "4242 4242 4242 4242". */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function TestCheckoutPage({ checkout, answer }: { checkout: TestCheckoutView; answer: TestCheckoutAnswer | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const busy = useNavigation().state === 'submitting';
  return (
    <Container size="xs" py="xl" component="main">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('checkout.title')}
          </Title>
          <Badge color="orange.9" size="lg" autoContrast data-testid="test-mode">
            {t('checkout.testMode')}
          </Badge>
        </Group>
        <Text size="sm">{t('checkout.notice')}</Text>
        <Card withBorder padding="lg">
          <Text fw={600}>{checkout.description}</Text>
          {checkout.mode === 'setup' ? (
            <Text size="sm">{t('checkout.setupNotice')}</Text>
          ) : (
            <Text size="xl" fw={700} data-testid="checkout-amount">
              {formatCents(checkout.amountCents, lang)}
            </Text>
          )}
        </Card>
        {checkout.status !== 'open' ? (
          <Alert color="gray" title={t('checkout.closedTitle')}>
            {t(checkout.status === 'complete' ? 'checkout.complete' : 'checkout.expired')}{' '}
            <Anchor href={checkout.cancelUrl}>{t('checkout.back')}</Anchor>
          </Alert>
        ) : (
          <Form method="post" replace>
            <Stack gap="sm">
              {answer && !answer.ok && (
                <Alert
                  color="red"
                  role="alert"
                  title={t(answer.error === 'invalid_account' ? 'checkout.bankRefusedTitle' : 'checkout.refusedTitle')}
                >
                  {t(`checkout.refused.${answer.error}`)}
                </Alert>
              )}
              <TextInput name="name" label={t('checkout.name')} autoComplete="off" />
              <TextInput name="cardNumber" label={t('checkout.number')} inputMode="numeric" autoComplete="off" required />
              <Group grow>
                <TextInput name="expiry" label={t('checkout.expiry')} placeholder="12/34" autoComplete="off" required />
                <TextInput name="cvc" label={t('checkout.cvc')} inputMode="numeric" autoComplete="off" required />
              </Group>
              <Button type="submit" loading={busy}>
                {checkout.mode === 'setup' ? t('checkout.save') : t('checkout.pay', { amount: formatCents(checkout.amountCents, lang) })}
              </Button>
              <Anchor href={checkout.cancelUrl} size="sm" data-testid="checkout-cancel">
                {t('checkout.cancel')}
              </Anchor>
            </Stack>
          </Form>
        )}
        {checkout.status === 'open' && checkout.testBank && (
          <Card withBorder padding="lg" component="section" aria-labelledby="bank-title">
            <Form method="post" replace>
              <input type="hidden" name="intent" value="bank" />
              <Stack gap="sm">
                <Title order={2} size="h4" id="bank-title">
                  {t('checkout.bankTitle')}
                </Title>
                <Text size="sm">{t('checkout.bankNotice')}</Text>
                <TextInput name="holder" label={t('checkout.bankHolder')} autoComplete="off" />
                <Group grow>
                  <TextInput
                    name="routingNumber"
                    label={t('checkout.routingNumber')}
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={checkout.testBank.routingNumber}
                    required
                  />
                  <TextInput name="accountNumber" label={t('checkout.accountNumber')} inputMode="numeric" autoComplete="off" required />
                </Group>
                <Button type="submit" variant="light" loading={busy}>
                  {checkout.mode === 'setup'
                    ? t('checkout.saveBank')
                    : t('checkout.payByBank', { amount: formatCents(checkout.amountCents, lang) })}
                </Button>
                <List size="sm">
                  {checkout.testBank.accounts.map((account) => (
                    <List.Item key={account.number}>
                      <Text span ff="monospace" size="sm">
                        {account.number}
                      </Text>{' '}
                      — {t(`checkout.outcomes.${account.outcome}`)}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Form>
          </Card>
        )}
        <Card withBorder padding="md">
          <Text size="sm" fw={600}>
            {t('checkout.testCardsTitle')}
          </Text>
          <List size="sm">
            {checkout.testCards.map((card) => (
              <List.Item key={card.number}>
                <Text span ff="monospace" size="sm">
                  {grouped(card.number)}
                </Text>{' '}
                — {t(`checkout.outcomes.${card.outcome}`)}
              </List.Item>
            ))}
          </List>
          <Text size="xs" c="dimmed">
            {t('checkout.anyExpiry')}
          </Text>
        </Card>
      </Stack>
    </Container>
  );
}
