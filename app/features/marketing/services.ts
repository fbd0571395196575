/**
 * The six services of spec §1, in the order the marketing copy lists them. `key` names the
 * translation subtree (`pages.services.<key>`), `anchor` the section id on /services.
 * Client-safe.
 */
import {
  IconBuildingCommunity,
  IconDeviceLaptop,
  IconReportAnalytics,
  IconTool,
  IconUserCheck,
  IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';

export type MarketingService = {
  key: 'propertyManagement' | 'vendorNetwork' | 'tenantServices' | 'tenantScreening' | 'maintenance' | 'financialReporting';
  anchor: string;
  icon: TablerIcon;
};

export const MARKETING_SERVICES: readonly MarketingService[] = [
  { key: 'propertyManagement', anchor: 'property-management', icon: IconBuildingCommunity },
  { key: 'vendorNetwork', anchor: 'vendor-network', icon: IconWorld },
  { key: 'tenantServices', anchor: 'tenant-services', icon: IconDeviceLaptop },
  { key: 'tenantScreening', anchor: 'tenant-screening', icon: IconUserCheck },
  { key: 'maintenance', anchor: 'maintenance', icon: IconTool },
  { key: 'financialReporting', anchor: 'financial-reporting', icon: IconReportAnalytics },
];
