/**
 * /vendor-portal/invoices/new (decision 029; role vendor): a new invoice for one of the
 * vendor's work orders in progress or completed — lines, tax, notes, an optional PDF (multipart,
 * streamed; a PDF by its content, at most 10 MB). 303 to the invoices on success; 422 with a
 * translated message per field (a negative or fractional-cent line included) and nothing written.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { InvoiceForm } from '~/features/work-orders/components/invoice-form';
import { handleNewInvoiceAction, loadNewInvoicePage } from '~/features/work-orders/vendor-work-orders.page.server';
import type { InvoiceFormResult } from '~/features/work-orders/work-orders.types';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { HeaderLink, SignedInPage } from '~/components/signed-in-page';
import { withRole } from '~/server/http/role-page.server';
import type { Route } from './+types/invoices.new';

export const loader = withRole('vendor', async ({ actor, ...args }) => ({
  ...(await loadNewInvoicePage({ ...args, viewer: actor })),
  meta: requestPageMeta(args.request, 'workOrders.meta.newInvoice.title', 'workOrders.meta.newInvoice.description'),
}));

export const action = withRole('vendor', ({ actor, ...args }) => handleNewInvoiceAction({ ...args, viewer: actor }));

export const meta = loaderMeta;

export default function NewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = actionData && 'values' in actionData ? (actionData as InvoiceFormResult) : undefined;
  return (
    <SignedInPage
      title={t('workOrders.invoice.newTitle')}
      subtitle={t('workOrders.invoice.newSubtitle')}
      actions={<HeaderLink to="/vendor-portal/invoices">{t('workOrders.invoice.back')}</HeaderLink>}
    >
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
    </SignedInPage>
  );
}
