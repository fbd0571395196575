/**
 * The booking page (spec §2): the title, the stepper, the current step's form beside the home's
 * summary, or the "not available" notice. The step shown is the refused post's step, else the
 * loader's.
 */
import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { loadBookingPage } from '../booking.page.server';
import { BookingForm, type BookingActionData } from './booking-form';
import { BOOKING_STEP_TITLE_ID, BookingStepper } from './booking-stepper';
import { PropertySummary } from './property-summary';
import { UnavailableNotice } from './unavailable-notice';

/** What the booking page's loader gives the page. */
export type BookingPageData = Awaited<ReturnType<typeof loadBookingPage>>;

/** The page for the loader's data and the last post's answer (a refusal, or nothing after a redirect). */
export function BookingPage({ loaderData, actionData }: { loaderData: BookingPageData; actionData: unknown }) {
  const { t } = useTranslation();
  const { home } = loaderData;
  const answer = actionData as BookingActionData | undefined;
  if (loaderData.kind === 'unavailable' || (answer && 'unavailable' in answer && answer.unavailable)) {
    return (
      <Container size="md" py="xl">
        <UnavailableNotice home={home} />
      </Container>
    );
  }
  if (loaderData.kind !== 'form') return null;
  const failed = answer && !answer.ok && 'step' in answer ? answer : undefined;
  const step = failed?.step ?? loaderData.step;
  useFocusOnStepChange(step);
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('booking.title', { title: home.title })}</Title>
        <Text c="dimmed">{t('booking.subtitle')}</Text>
      </Stack>
      <BookingStepper step={step} />
      <Grid gap="xl" mt="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <BookingForm
            // A fresh form per step: its state (payment choice, card fields) belongs to that step.
            key={step}
            home={home}
            step={step}
            values={failed?.values ? { ...loaderData.values, ...failed.values } : loaderData.values}
            today={loaderData.today}
            countries={loaderData.countries}
            confirm={loaderData.confirm}
            result={answer}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <PropertySummary home={home} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

/**
 * When the step changes in the page (Next, Back, a step of the indicator), the keyboard focus
 * moves to the new step's title instead of falling back to the top of the page (WCAG 2.4.3); an
 * answer with errors focuses its alert instead (booking-form.tsx). Not on the first load.
 */
function useFocusOnStepChange(step: string) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    if (document.querySelector('[data-testid="booking-errors"]')) return;
    document.getElementById(BOOKING_STEP_TITLE_ID)?.focus();
  }, [step]);
}
