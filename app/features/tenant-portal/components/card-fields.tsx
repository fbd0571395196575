/** The card fields of the portal's payment forms (pay now, autopay, signing); never prefilled but for the name. */
import { CardEntryFields } from '~/components/forms/card-entry-fields';
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
    <CardEntryFields
      idPrefix={idPrefix}
      gap="sm"
      nameMaxLength={120}
      nameOnCard={nameOnCard}
      errors={errors}
      labels={{
        name: t('tenantPortal.card.name'),
        number: t('tenantPortal.card.number'),
        expiry: t('tenantPortal.card.expiry'),
        expiryPlaceholder: 'MM/YY',
        cvc: t('tenantPortal.card.cvc'),
        safety: t('tenantPortal.card.safety'),
      }}
    />
  );
}
