/**
 * The back office's navigation (spec §2 "Admin-only" routes): the overview, every admin section
 * of `ADMIN_SECTIONS` with its icon, and the diagnostics page. Titles and one-line descriptions
 * are the translation keys `admin.sections.<section>.title|description`. Client-safe.
 */
import {
  IconBell,
  IconBriefcase,
  IconBug,
  IconBuilding,
  IconBuildingEstate,
  IconClipboardList,
  IconCreditCard,
  IconDatabase,
  IconFileCertificate,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconReportMoney,
  IconSettings,
  IconShieldCheck,
  IconTool,
  IconTools,
  IconUserHeart,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { ADMIN_SECTIONS, type AdminSection } from '~/lib/access';

export const SECTION_ICONS: Record<AdminSection, Icon> = {
  applications: IconFileCertificate,
  projects: IconBriefcase,
  users: IconUsers,
  tenants: IconUserHeart,
  vendors: IconTool,
  properties: IconBuilding,
  system: IconSettings,
  database: IconDatabase,
  notifications: IconBell,
  messages: IconMessages,
  payments: IconCreditCard,
  maintenance: IconTools,
  assignments: IconClipboardList,
  mailbox: IconMail,
};

/** True when `value` names an admin section (spec §2); anything else under /admin is a 404. */
export function isAdminSection(value: string | undefined): value is AdminSection {
  return value !== undefined && (ADMIN_SECTIONS as readonly string[]).includes(value);
}

export type AdminNavItem = { to: string; labelKey: string; icon: Icon; end?: boolean; testId: string };

/** Overview, the sections in spec order, the audit log, then diagnostics (/admin-debug). */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', labelKey: 'admin.nav.overview', icon: IconLayoutDashboard, end: true, testId: 'admin-nav-overview' },
  ...ADMIN_SECTIONS.map((section) => ({
    to: `/admin/${section}`,
    labelKey: `admin.sections.${section}.title`,
    icon: SECTION_ICONS[section],
    testId: `admin-nav-${section}`,
  })),
  // Decision 058: not a spec §2 section either (and kept out of the public pages' bundle).
  { to: '/admin/reports', labelKey: 'admin.sections.reports.title', icon: IconReportMoney, testId: 'admin-nav-reports' },
  // Decision 061: owners and their management agreements.
  { to: '/admin/owners', labelKey: 'admin.sections.owners.title', icon: IconBuildingEstate, testId: 'admin-nav-owners' },
  // Decision 023: not a spec §2 section, so not in ADMIN_SECTIONS.
  { to: '/admin/audit', labelKey: 'admin.nav.audit', icon: IconShieldCheck, testId: 'admin-nav-audit' },
  { to: '/admin-debug', labelKey: 'admin.nav.debug', icon: IconBug, testId: 'admin-nav-debug' },
];
