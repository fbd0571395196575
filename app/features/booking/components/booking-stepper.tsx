/**
 * The step indicator of the booking flow (spec §2: Choose Property, Tenant Details,
 * Confirmation), built on Mantine's Stepper. Completed steps are submit buttons of the step's
 * form (`form="booking-form"`, `intent=goto:<step>`), so going back to one keeps what was typed
 * on the current step, with or without JavaScript. The current step carries `aria-current`.
 */
import { Stepper } from '@mantine/core';
import { IconCalendarEvent, IconCreditCard, IconUser } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { BOOKING_STEPS, type BookingStep } from '../booking.fields';
import classes from './booking.module.css';

/** The id of the current step's title, which takes the focus when the step changes. */
export const BOOKING_STEP_TITLE_ID = 'booking-step-title';
export const BOOKING_FORM_ID = 'booking-form';

const ICONS = { choose: IconCalendarEvent, details: IconUser, confirm: IconCreditCard } as const;

export function BookingStepper({ step }: { step: BookingStep }) {
  const { t } = useTranslation();
  const active = BOOKING_STEPS.indexOf(step);
  return (
    <nav aria-label={t('booking.steps.label')}>
      <Stepper
        active={active}
        // Clicks are handled by the buttons themselves (form submission); this only enables them.
        onStepClick={() => undefined}
        allowNextStepsSelect={false}
        size="sm"
        wrap={false}
        classNames={{
          step: classes.step,
          stepDescription: classes.stepDescription,
          stepLabel: classes.stepLabel,
          stepBody: classes.stepBody,
        }}
        data-testid="booking-stepper"
      >
        {BOOKING_STEPS.map((key, index) => {
          const Icon = ICONS[key];
          const done = index < active;
          const buttonProps = done
            ? {
                type: 'submit' as const,
                form: BOOKING_FORM_ID,
                name: 'intent',
                value: `goto:${key}`,
                formNoValidate: true,
                'aria-label': t('booking.steps.goTo', { step: t(`booking.steps.${key}.label`) }),
              }
            : { type: 'button' as const, 'aria-disabled': true as const, 'aria-current': index === active ? ('step' as const) : undefined };
          return (
            <Stepper.Step
              key={key}
              label={t(`booking.steps.${key}.label`)}
              description={t(`booking.steps.${key}.description`)}
              icon={<Icon size={18} aria-hidden />}
              data-testid={`booking-step-${key}`}
              {...buttonProps}
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
