/**
 * What a vendor does and where (the application form and the vendor's profile): trades,
 * countries served and, folded in a native <details> so it works without JavaScript, the US
 * states. Plain checkboxes (Mantine Checkbox.Group): the form posts the same with or without
 * JavaScript.
 */
import { Box, Checkbox, Divider, SimpleGrid, type CheckboxProps, type SimpleGridProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from '~/lib/i18n';
import { US_STATES } from '~/lib/us-states';
import { VENDOR_COUNTRIES, VENDOR_TRADES } from '../vendors.schemas';
import classes from './vendors.module.css';

type Props = {
  values: { trades: string[]; serviceCountries: string[]; serviceStates: string[] };
  errors: { trades?: string; serviceCountries?: string; serviceStates?: string };
};

/**
 * The lists a vendor must tick at least one of, in order: the field, its texts (under
 * `forms.vendor.form`), its columns, and its choices with their texts' prefix.
 */
const REQUIRED_GROUPS: readonly {
  field: 'trades' | 'serviceCountries';
  texts: string;
  cols: SimpleGridProps['cols'];
  choices: readonly string[];
  choiceTexts: string;
}[] = [
  { field: 'trades', texts: 'trades', cols: { base: 1, xs: 2, sm: 3 }, choices: VENDOR_TRADES, choiceTexts: 'forms.vendor.trade' },
  {
    field: 'serviceCountries',
    texts: 'countries',
    cols: { base: 2, sm: 3, md: 4 },
    choices: VENDOR_COUNTRIES,
    choiceTexts: 'forms.vendor.country',
  },
];

/**
 * One list of checkboxes posted as `name` (each option's `value`): its label and hint are the
 * texts `forms.vendor.form.<texts>` and `<texts>Hint`; `values` are ticked; `error` marks the
 * group (and `data-error-group` lets the form focus it). `required` shows the asterisk only: a
 * group has no native `required`.
 */
function ChoiceGroup({
  name,
  texts,
  required,
  values,
  error,
  cols,
  spacing = 'xs',
  size,
  options,
}: {
  name: string;
  texts: string;
  required?: boolean;
  values: string[];
  error: string | undefined;
  cols: SimpleGridProps['cols'];
  spacing?: SimpleGridProps['spacing'];
  size?: CheckboxProps['size'];
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t(`forms.vendor.form.${texts}`)}
      description={t(`forms.vendor.form.${texts}Hint`)}
      withAsterisk={required}
      defaultValue={values}
      error={error}
      data-error-group={error ? '' : undefined}
    >
      <SimpleGrid cols={cols} spacing={spacing} mt="xs">
        {options.map((option) => (
          <Checkbox key={option.value} name={name} value={option.value} size={size} label={option.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

export function VendorServiceFields({ values, errors }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {REQUIRED_GROUPS.map(({ field, texts, cols, choices, choiceTexts }, index) => (
        <Fragment key={field}>
          {index > 0 && <Divider />}
          <ChoiceGroup
            name={field}
            texts={texts}
            required
            values={values[field]}
            error={errors[field]}
            cols={cols}
            options={choices.map((value) => ({ value, label: t(`${choiceTexts}.${value}`) }))}
          />
        </Fragment>
      ))}
      <details className={classes.states} open={values.serviceStates.length > 0 || Boolean(errors.serviceStates)}>
        <summary className={classes.statesSummary}>
          <span>{t('forms.vendor.form.statesToggle')}</span>
          <IconChevronDown size={18} className={classes.statesChevron} aria-hidden />
        </summary>
        <Box p="md" pt={0}>
          {/* 20 px boxes 28 px apart: each a 24 px target (WCAG 2.5.8). */}
          <ChoiceGroup
            name="serviceStates"
            texts="states"
            values={values.serviceStates}
            error={errors.serviceStates}
            cols={{ base: 2, sm: 3, md: 4 }}
            spacing={8}
            size="sm"
            options={Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${code} · ${name}` }))}
          />
        </Box>
      </details>
    </>
  );
}
