/**
 * /vendor-portal/invoices/new (decision 029; role vendor): a new invoice for one of the
 * vendor's work orders in progress or completed — lines, tax, notes, an optional PDF (multipart,
 * streamed; a PDF by its content, at most 10 MB). 303 to the invoices on success; 422 with a
 * translated message per field (a negative or fractional-cent line included) and nothing written.
 */
import { Alert, Anchor, Container } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { InvoiceForm } from '~/features/work-orders/components/invoice-form';
import { handleNewInvoiceAction, loadNewInvoicePage } from '~/features/work-orders/vendor-work-orders.page.server';
import type { InvoiceFormResult } from '~/features/work-orders/work-orders.types';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/invoices.new';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return {
    ...(await loadNewInvoicePage({ request, context, viewer })),
    meta: pageMeta(requestLanguage(request), 'workOrders.meta.newInvoice.title', 'workOrders.meta.newInvoice.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return handleNewInvoiceAction({ request, context, viewer });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function NewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData && 'values' in actionData ? (actionData as InvoiceFormResult) : undefined;
  return (
    <Container size="lg" py="xl">
      <SignedInPageHeader
        title={t('workOrders.invoice.newTitle')}
        subtitle={t('workOrders.invoice.newSubtitle')}
        actions={
          <Anchor component={Link} to="/vendor-portal/invoices" size="sm">
            {t('workOrders.invoice.back')}
          </Anchor>
        }
      />
      {loaderData.workOrders.length === 0 ? (
        <Alert color="blue" data-testid="nothing-to-invoice">
          {t('workOrders.invoice.nothingToInvoice')}
        </Alert>
      ) : (
        <InvoiceForm
          workOrders={loaderData.workOrders}
          selected={loaderData.selected}
          maxLines={loaderData.limits.lines}
          maxPdfMb={Math.round(loaderData.limits.pdfBytes / (1024 * 1024))}
          result={result}
        />
      )}
    </Container>
  );
}
