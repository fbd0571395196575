/**
 * What a vendor does and where (the application form and the vendor's profile): trades,
 * countries served and, folded in a native <details> so it works without JavaScript, the US
 * states. Plain checkboxes (Mantine Checkbox.Group): the form posts the same with or without
 * JavaScript.
 */
import { Box, Checkbox, Divider, SimpleGrid } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { US_STATES } from '~/lib/us-states';
import { VENDOR_COUNTRIES, VENDOR_TRADES } from '../vendors.schemas';
import classes from './vendors.module.css';

type Props = {
  values: { trades: string[]; serviceCountries: string[]; serviceStates: string[] };
  errors: { trades?: string; serviceCountries?: string; serviceStates?: string };
};

export function VendorServiceFields({ values, errors }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Checkbox.Group
        label={t('forms.vendor.form.trades')}
        description={t('forms.vendor.form.tradesHint')}
        withAsterisk
        defaultValue={values.trades}
        error={errors.trades}
        data-error-group={errors.trades ? '' : undefined}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
          {VENDOR_TRADES.map((trade) => (
            <Checkbox key={trade} name="trades" value={trade} label={t(`forms.vendor.trade.${trade}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>

      <Divider />
      <Checkbox.Group
        label={t('forms.vendor.form.countries')}
        description={t('forms.vendor.form.countriesHint')}
        withAsterisk
        defaultValue={values.serviceCountries}
        error={errors.serviceCountries}
        data-error-group={errors.serviceCountries ? '' : undefined}
      >
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" mt="xs">
          {VENDOR_COUNTRIES.map((code) => (
            <Checkbox key={code} name="serviceCountries" value={code} label={t(`forms.vendor.country.${code}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>

      <details className={classes.states} open={values.serviceStates.length > 0 || Boolean(errors.serviceStates)}>
        <summary className={classes.statesSummary}>
          <span>{t('forms.vendor.form.statesToggle')}</span>
          <IconChevronDown size={18} className={classes.statesChevron} aria-hidden />
        </summary>
        <Box p="md" pt={0}>
          <Checkbox.Group
            label={t('forms.vendor.form.states')}
            description={t('forms.vendor.form.statesHint')}
            defaultValue={values.serviceStates}
            error={errors.serviceStates}
            data-error-group={errors.serviceStates ? '' : undefined}
          >
            {/* 20 px boxes 28 px apart: each a 24 px target (WCAG 2.5.8). */}
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={8} mt="xs">
              {Object.entries(US_STATES).map(([code, name]) => (
                <Checkbox key={code} name="serviceStates" value={code} size="sm" label={`${code} · ${name}`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Box>
      </details>
    </>
  );
}
