/** The card fields of the portal's payment forms (pay now, autopay, signing); never prefilled. */
import { Grid, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';

export function CardFields({
  errors = {},
  nameOnCard,
  idPrefix,
}: {
  errors?: Record<string, string>;
  nameOnCard?: string;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Grid gap="sm">
        <Grid.Col span={12}>
          <TextInput
            id={`${idPrefix}-name`}
            name="nameOnCard"
            label={t('tenantPortal.card.name')}
            autoComplete="cc-name"
            maxLength={120}
            required
            defaultValue={nameOnCard}
            error={errors.nameOnCard}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            id={`${idPrefix}-number`}
            name="cardNumber"
            label={t('tenantPortal.card.number')}
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            placeholder="1234 1234 1234 1234"
            required
            error={errors.cardNumber}
            leftSection={<IconLock size={16} aria-hidden />}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            id={`${idPrefix}-expiry`}
            name="expiry"
            label={t('tenantPortal.card.expiry')}
            autoComplete="cc-exp"
            inputMode="numeric"
            maxLength={7}
            placeholder="MM/YY"
            required
            error={errors.expiry}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            id={`${idPrefix}-cvc`}
            name="cvc"
            label={t('tenantPortal.card.cvc')}
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            required
            error={errors.cvc}
          />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed">
        {t('tenantPortal.card.safety')}
      </Text>
    </>
  );
}
