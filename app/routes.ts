/**
 * The URL map in one file (spec §2). Route modules live in folders named after the URLs they
 * serve, with React Router's flat-file names (`leases.$leaseId.pdf.ts` serves
 * `…/leases/:leaseId/pdf`). Public pages share the chrome layout; unknown paths fall to the
 * catch-all, which answers HTTP 404.
 *
 * The staff area (decision 038): every back-office page an admin and a property manager share is
 * one module under `routes/staff/`, registered twice by `staffPages` — under `/admin` inside the
 * `admin-area` frame and under `/dashboard` inside the `dashboard-area` frame — with route ids
 * prefixed by the area. `routes/admin/` holds the admin-only pages, `routes/dashboard/` the
 * dashboard itself and its security page (for every signed-in user).
 */
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { STAFF_FRAME_IDS, type StaffAreaKey } from './lib/staff-area';

/** The pages both staff areas share, registered under `area` (`admin/tenants`, `dashboard/tenants`, …). */
function staffPages(area: StaffAreaKey) {
  const page = (path: string, file: string) => route(`${area}/${path}`, `routes/staff/${file}`, { id: `${area}/${file}` });
  // The admin calls a building a property; the manager's dashboard says building.
  const buildings = area === 'admin' ? 'properties' : 'buildings';
  return [
    page(buildings, 'properties.tsx'),
    page(`${buildings}/:buildingId`, 'properties.$buildingId.tsx'),
    page(`${buildings}/:buildingId/units.csv`, 'properties.$buildingId.units.csv.ts'),
    page(`${buildings}/:buildingId/units/:unitId`, 'properties.$buildingId.units.$unitId.tsx'),
    page('tenants', 'tenants.tsx'),
    page('tenants/:userId', 'tenants.$userId.tsx'),
    page('leases/:leaseId', 'leases.$leaseId.tsx'),
    page('leases/:leaseId/pdf', 'leases.$leaseId.pdf.ts'),
    page('payments', 'payments.tsx'),
    page('payments/:paymentId', 'payments.$paymentId.tsx'),
    page('reports', 'reports.tsx'),
    page('reports.csv', 'reports.csv.ts'),
    page('maintenance', 'maintenance.tsx'),
    page('maintenance/:requestId', 'maintenance.$requestId.tsx'),
    page('assignments', 'assignments.tsx'),
    page('assignments/:workOrderId', 'assignments.$workOrderId.tsx'),
    page('assignments/invoices/:invoiceId/pdf', 'assignments.invoices.$invoiceId.pdf.ts'),
    page('projects', 'projects.tsx'),
    page('projects/new', 'projects.new.tsx'),
    page('projects/:projectId', 'projects.$projectId.tsx'),
    page('projects/:projectId/files/:documentId', 'projects.$projectId.files.$documentId.ts'),
    // Any other path inside the area: the frame checks session and role first (anyone else is
    // redirected, as on every staff page), then the site's 404 page.
    route(`${area}/*`, 'routes/not-found.tsx', { id: `${area}/not-found` }),
  ];
}

export default [
  route('preferences', 'routes/preferences.ts'),
  route('api/client-errors', 'routes/api/client-errors.ts'),
  route('api/security-events', 'routes/api/security-events.ts'),
  // Live chat (decision 012): the widget's endpoint and the staff inbox's commands.
  route('api/chat', 'routes/api/chat.ts'),
  route('api/inbox', 'routes/api/inbox.ts'),
  route('api/notifications', 'routes/api/notifications.ts'),
  // The "Building" filter of the staff lists, searched as one types (decision 022).
  route('api/building-options', 'routes/api/building-options.ts'),
  route('api/webhooks/stripe', 'routes/api/webhooks.stripe.ts'),
  // The sandbox's stand-in for Stripe's hosted Checkout (decision 049): 404 unless the sandbox pays.
  route('test-checkout/:ref', 'routes/test-checkout.$ref.tsx'),
  // Photos of buildings and units (decision 017): streamed uploads, and commands.
  route('api/photos/:owner/:ownerId/upload', 'routes/api/photos.$owner.$ownerId.upload.ts'),
  route('api/photos/:owner/:ownerId', 'routes/api/photos.$owner.$ownerId.ts'),
  // A vendor's documents (decision 030): streamed upload, guarded download (attachment).
  route('api/vendor-documents/upload', 'routes/api/vendor-documents.upload.ts'),
  route('api/vendor-documents/:documentId', 'routes/api/vendor-documents.$documentId.ts'),
  // Private photos of maintenance requests and work orders (decision 056): checked on every request.
  route('files/*', 'routes/files.$.ts'),
  // Findability (decision 025): robots.txt, the sitemap index and its files.
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/seo/sitemap-file.ts'),
  // A tenant's new maintenance request with photos (decision 027): the scripted form and the offline queue.
  route('api/maintenance-requests', 'routes/api/maintenance-requests.ts'),
  // Fail on purpose to exercise the error screens; 404 unless ENABLE_DIAGNOSTIC_ROUTES=true.
  route('__diagnostics/app-error', 'routes/diagnostics/app-error.tsx'),
  layout('routes/layout.tsx', [
    index('routes/public/_index.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('services', 'routes/public/services.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('gallery', 'routes/public/gallery.tsx'),
    route('amenities', 'routes/public/amenities.tsx'),
    route('properties', 'routes/public/properties.tsx'),
    route('property/:id', 'routes/public/property.$id.tsx'),
    route('apartments', 'routes/public/apartments.tsx'),
    route('booking/:id', 'routes/public/booking.$id.tsx'),
    route('payment-success', 'routes/public/payment-success.tsx'),
    route('privacy', 'routes/public/privacy.tsx'),
    route('terms', 'routes/public/terms.tsx'),
    route('subscriptions', 'routes/public/subscriptions.tsx'),
    route('vendor-signup', 'routes/public/vendor-signup.tsx'),
    // The invitation an approved vendor is e-mailed (decision 030).
    route('vendor-invite/:token', 'routes/public/vendor-invite.$token.tsx'),
    // The invitation an owner is e-mailed (decision 061).
    route('owner-invite/:token', 'routes/public/owner-invite.$token.tsx'),
    // Accounts (spec §2 /auth, /auth/forgot; §6 protected routes). Every protected loader and
    // action checks the session and role itself.
    route('auth', 'routes/auth/_index.tsx'),
    route('auth/forgot', 'routes/auth/forgot.tsx'),
    route('auth/verify', 'routes/auth/verify.tsx'),
    route('auth/sign-out', 'routes/auth/sign-out.ts'),
    // Change password (decision 023; forced while a password fails the policy).
    route('account/password', 'routes/account/password.tsx'),
    // Every signed-in user's dashboard, and the two-step verification page staff must pass first (decision 023).
    route('dashboard', 'routes/dashboard/_index.tsx'),
    route('dashboard/security', 'routes/dashboard/security.tsx'),
    layout('routes/staff/layout.tsx', { id: STAFF_FRAME_IDS.dashboard }, staffPages('dashboard')),
    route('tenant-portal', 'routes/tenant-portal/_index.tsx'),
    route('tenant-portal/leases/:leaseId', 'routes/tenant-portal/leases.$leaseId.tsx'),
    route('tenant-portal/leases/:leaseId/pdf', 'routes/tenant-portal/leases.$leaseId.pdf.ts'),
    route('tenant-portal/leases/:leaseId/statement/:year', 'routes/tenant-portal/leases.$leaseId.statement.$year.ts'),
    route('tenant-portal/payments/:paymentId', 'routes/tenant-portal/payments.$paymentId.tsx'),
    route('tenant-portal/autopay/:checkoutId', 'routes/tenant-portal/autopay.$checkoutId.tsx'),
    route('tenant-portal/payments/:paymentId/receipt', 'routes/tenant-portal/payments.$paymentId.receipt.ts'),
    route('tenant-portal/maintenance', 'routes/tenant-portal/maintenance.tsx'),
    route('tenant-portal/maintenance/new', 'routes/tenant-portal/maintenance.new.tsx'),
    route('tenant-portal/maintenance/:requestId', 'routes/tenant-portal/maintenance.$requestId.tsx'),
    // Decision 061: an owner's buildings, figures, statements and distributions.
    route('owner-portal', 'routes/owner-portal/_index.tsx'),
    route('owner-portal/buildings/:buildingId', 'routes/owner-portal/buildings.$buildingId.tsx'),
    route('owner-portal/statements/:statementId/pdf', 'routes/owner-portal/statements.$statementId.pdf.ts'),
    route('vendor-portal', 'routes/vendor-portal/_index.tsx'),
    route('vendor-portal/projects', 'routes/vendor-portal/projects.tsx'),
    route('vendor-portal/projects/:projectId', 'routes/vendor-portal/projects.$projectId.tsx'),
    route('vendor-portal/projects/:projectId/files/:documentId', 'routes/vendor-portal/projects.$projectId.files.$documentId.ts'),
    route('vendor-portal/profile', 'routes/vendor-portal/profile.tsx'),
    route('vendor-portal/work-orders', 'routes/vendor-portal/work-orders.tsx'),
    route('vendor-portal/work-orders/:workOrderId', 'routes/vendor-portal/work-orders.$workOrderId.tsx'),
    route('vendor-portal/invoices', 'routes/vendor-portal/invoices.tsx'),
    route('vendor-portal/invoices/new', 'routes/vendor-portal/invoices.new.tsx'),
    route('vendor-portal/invoices/:invoiceId/pdf', 'routes/vendor-portal/invoices.$invoiceId.pdf.ts'),
    layout('routes/staff/layout.tsx', { id: STAFF_FRAME_IDS.admin }, [
      route('admin', 'routes/admin/_index.tsx'),
      route('admin/users', 'routes/admin/users.tsx'),
      route('admin/applications', 'routes/admin/applications.tsx'),
      route('admin/mailbox', 'routes/admin/mailbox.tsx'),
      route('admin/notifications', 'routes/admin/notifications.tsx'),
      route('admin/messages', 'routes/admin/messages.tsx'),
      // Operations (decision 019): settings, database health, backups.
      route('admin/system', 'routes/admin/system.tsx'),
      route('admin/database', 'routes/admin/database.tsx'),
      route('admin/database/backup', 'routes/admin/database.backup.ts'),
      route('admin/payments.csv', 'routes/admin/payments.csv.ts'),
      route('admin/audit', 'routes/admin/audit.tsx'),
      route('admin/audit.csv', 'routes/admin/audit.csv.ts'),
      // Vendor onboarding (decision 030).
      route('admin/vendors', 'routes/admin/vendors.tsx'),
      route('admin/vendors/:vendorId', 'routes/admin/vendors.$vendorId.tsx'),
      // Decision 061: owners, their buildings and management agreements.
      route('admin/owners', 'routes/admin/owners.tsx'),
      route('admin/owners/:ownerId', 'routes/admin/owners.$ownerId.tsx'),
      route('admin/owners/:ownerId/statements/:statementId/pdf', 'routes/admin/owners.$ownerId.statements.$statementId.pdf.ts'),
      ...staffPages('admin'),
    ]),
    route('admin-debug', 'routes/admin-debug.tsx'),
    route('__diagnostics/route-error', 'routes/diagnostics/route-error.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
