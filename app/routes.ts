/**
 * The URL map in one file (spec §2). Public pages share the chrome layout; unknown paths fall to
 * the catch-all, which answers HTTP 404.
 */
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  route('preferences', 'routes/api/preferences.ts'),
  route('api/client-errors', 'routes/api/client-errors.ts'),
  route('api/security-events', 'routes/api/security-events.ts'),
  // Live chat (issue 5): the widget's endpoint and the staff inbox's commands.
  route('api/chat', 'routes/api/chat.ts'),
  route('api/inbox', 'routes/api/inbox.ts'),
  route('api/notifications', 'routes/api/notifications.ts'),
  // The "Building" filter of the staff lists, searched as one types (leases issue, "Numbers").
  route('api/building-options', 'routes/api/building-options.ts'),
  route('api/webhooks/stripe', 'routes/api/stripe-webhook.ts'),
  // Photos of buildings and units (portfolio issue item 3): streamed uploads, and commands.
  route('api/photos/:owner/:ownerId/upload', 'routes/api/photos-upload.ts'),
  route('api/photos/:owner/:ownerId', 'routes/api/photos.ts'),
  // A vendor's documents (maintenance issue item 3): streamed upload, guarded download (attachment).
  route('api/vendor-documents/upload', 'routes/api/vendor-documents-upload.ts'),
  route('api/vendor-documents/:documentId', 'routes/api/vendor-document.ts'),
  // Findability (issue 13 item 7): robots.txt, the sitemap index and its files.
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/seo/sitemap-file.ts'),
  // A tenant's new maintenance request with photos (maintenance issue item 1): the scripted form and the offline queue.
  route('api/maintenance-requests', 'routes/api/maintenance-requests.ts'),
  // Fail on purpose to exercise the error screens; 404 unless ENABLE_DIAGNOSTIC_ROUTES=true.
  route('__diagnostics/app-error', 'routes/diagnostics/app-error.tsx'),
  layout('routes/layout.tsx', [
    index('routes/public/home.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('services', 'routes/public/services.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('gallery', 'routes/public/gallery.tsx'),
    route('amenities', 'routes/public/amenities.tsx'),
    route('properties', 'routes/public/properties.tsx'),
    route('property/:id', 'routes/public/property.tsx'),
    route('apartments', 'routes/public/apartments.tsx'),
    route('booking/:id', 'routes/public/booking.tsx'),
    route('payment-success', 'routes/public/payment-success.tsx'),
    route('privacy', 'routes/public/privacy.tsx'),
    route('terms', 'routes/public/terms.tsx'),
    route('subscriptions', 'routes/public/subscriptions.tsx'),
    route('vendor-signup', 'routes/public/vendor-signup.tsx'),
    // The invitation an approved vendor is e-mailed (maintenance issue item 3).
    route('vendor-invite/:token', 'routes/public/vendor-invite.tsx'),
    // Accounts (spec §2 /auth, /auth/forgot; §6 protected routes). Every protected loader and
    // action checks the session and role itself.
    route('auth', 'routes/auth/auth.tsx'),
    route('auth/forgot', 'routes/auth/forgot.tsx'),
    route('auth/verify', 'routes/auth/verify.tsx'),
    route('auth/sign-out', 'routes/auth/sign-out.ts'),
    // Issue 14: change password (forced while a password fails the policy).
    route('account/password', 'routes/account/password.tsx'),
    route('dashboard', 'routes/account/dashboard.tsx'),
    // Two-step verification (issue 14 item 1): the only page staff reach until they enrol.
    route('dashboard/security', 'routes/account/security.tsx'),
    // A property manager's buildings (portfolio issue item 4): the admin's pages, scoped.
    route('dashboard/buildings', 'routes/account/buildings.tsx'),
    route('dashboard/buildings/:buildingId', 'routes/account/building.tsx'),
    route('dashboard/buildings/:buildingId/units.csv', 'routes/account/units-csv.ts'),
    route('dashboard/buildings/:buildingId/units/:unitId', 'routes/account/unit.tsx'),
    route('dashboard/payments', 'routes/account/payments.tsx'),
    route('dashboard/payments/:paymentId', 'routes/account/payment.tsx'),
    // Tenants directory and tenant page (leases issue items 5 and 7): the admin's pages, scoped.
    route('dashboard/tenants', 'routes/account/tenants.tsx'),
    route('dashboard/tenants/:userId', 'routes/account/tenant.tsx'),
    // Leases (leases issue item 1): a manager's lease page and its PDF, scoped to their buildings.
    route('dashboard/leases/:leaseId', 'routes/account/lease.tsx'),
    route('dashboard/leases/:leaseId/pdf', 'routes/account/lease-pdf.ts'),
    // Capital projects (maintenance issue item 6): a manager's projects, scoped to their buildings.
    route('dashboard/projects', 'routes/account/projects.tsx'),
    route('dashboard/projects/new', 'routes/account/project-new.tsx'),
    route('dashboard/projects/:projectId', 'routes/account/project.tsx'),
    route('dashboard/projects/:projectId/files/:documentId', 'routes/account/project-file.ts'),
    // The maintenance queue and a request (issue 12 item 2): the admin's pages, scoped.
    route('dashboard/maintenance', 'routes/account/maintenance.tsx'),
    route('dashboard/maintenance/:requestId', 'routes/account/maintenance-request.tsx'),
    // Assignments (maintenance issue item 5): the admin's pages, scoped to the manager's buildings.
    route('dashboard/assignments', 'routes/account/assignments.tsx'),
    route('dashboard/assignments/:workOrderId', 'routes/account/assignment.tsx'),
    route('dashboard/assignments/invoices/:invoiceId/pdf', 'routes/account/invoice-pdf.ts'),
    route('tenant-portal', 'routes/tenant/portal.tsx'),
    // Leases and rent (leases issue): signing, the lease PDF and payment receipts.
    route('tenant-portal/leases/:leaseId', 'routes/tenant/lease.tsx'),
    route('tenant-portal/leases/:leaseId/pdf', 'routes/tenant/lease-pdf.ts'),
    route('tenant-portal/payments/:paymentId/receipt', 'routes/tenant/receipt.ts'),
    // Maintenance requests (maintenance issue item 1): list, report a problem, one request's timeline.
    route('tenant-portal/maintenance', 'routes/tenant/maintenance.tsx'),
    route('tenant-portal/maintenance/new', 'routes/tenant/maintenance-new.tsx'),
    route('tenant-portal/maintenance/:requestId', 'routes/tenant/maintenance-request.tsx'),
    route('vendor-portal', 'routes/vendor/portal.tsx'),
    // Bids on capital projects (maintenance issue item 4): the projects a vendor was invited to.
    route('vendor-portal/projects', 'routes/vendor/projects.tsx'),
    route('vendor-portal/projects/:projectId', 'routes/vendor/project.tsx'),
    route('vendor-portal/projects/:projectId/files/:documentId', 'routes/vendor/project-file.ts'),
    route('vendor-portal/profile', 'routes/vendor/profile.tsx'),
    // Work orders and invoices (maintenance issue item 4): the vendor's own, files through the upload pipeline.
    route('vendor-portal/work-orders', 'routes/vendor/work-orders.tsx'),
    route('vendor-portal/work-orders/:workOrderId', 'routes/vendor/work-order.tsx'),
    route('vendor-portal/invoices', 'routes/vendor/invoices.tsx'),
    route('vendor-portal/invoices/new', 'routes/vendor/invoice-new.tsx'),
    route('vendor-portal/invoices/:invoiceId/pdf', 'routes/vendor/invoice-pdf.ts'),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/overview.tsx'),
      route('users', 'routes/admin/users.tsx'),
      route('properties', 'routes/admin/properties.tsx'),
      route('properties/:buildingId', 'routes/admin/building.tsx'),
      route('properties/:buildingId/units.csv', 'routes/admin/units-csv.ts'),
      route('properties/:buildingId/units/:unitId', 'routes/admin/unit.tsx'),
      route('mailbox', 'routes/admin/mailbox.tsx'),
      route('applications', 'routes/admin/applications.tsx'),
      route('leases/:leaseId', 'routes/admin/lease.tsx'),
      route('leases/:leaseId/pdf', 'routes/admin/lease-pdf.ts'),
      route('notifications', 'routes/admin/notifications.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      // Operations (portfolio issue items 5 and 6): settings, database health, backups.
      route('system', 'routes/admin/system.tsx'),
      route('database', 'routes/admin/database.tsx'),
      route('database/backup', 'routes/admin/database-backup.ts'),
      route('tenants', 'routes/admin/tenants.tsx'),
      route('tenants/:userId', 'routes/admin/tenant.tsx'),
      // Payments (leases issue items 6 and 7): list, reconciliation, CSV, one payment and its refund.
      route('payments', 'routes/admin/payments.tsx'),
      route('payments.csv', 'routes/admin/payments-csv.ts'),
      route('payments/:paymentId', 'routes/admin/payment.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      // Assignments (maintenance issue item 5): every work order, reassign, cancel, invoices.
      route('assignments', 'routes/admin/assignments.tsx'),
      route('assignments/:workOrderId', 'routes/admin/assignment.tsx'),
      route('assignments/invoices/:invoiceId/pdf', 'routes/admin/invoice-pdf.ts'),
      route('audit.csv', 'routes/admin/audit-csv.ts'),
      // Capital projects (maintenance issue item 6): list, new, one project, its files.
      route('projects', 'routes/admin/projects.tsx'),
      route('projects/new', 'routes/admin/project-new.tsx'),
      route('projects/:projectId', 'routes/admin/project.tsx'),
      route('projects/:projectId/files/:documentId', 'routes/admin/project-file.ts'),
      // The maintenance queue, its board and one request (issue 12 item 2).
      route('maintenance', 'routes/admin/maintenance.tsx'),
      route('maintenance/:requestId', 'routes/admin/maintenance-request.tsx'),
      // Vendor onboarding (maintenance issue item 3).
      route('vendors', 'routes/admin/vendors.tsx'),
      route('vendors/:vendorId', 'routes/admin/vendor.tsx'),
      route(':section', 'routes/admin/section.tsx'),
    ]),
    route('admin-debug', 'routes/admin/debug.tsx'),
    route('__diagnostics/route-error', 'routes/diagnostics/route-error.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
