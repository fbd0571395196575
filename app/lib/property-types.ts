/**
 * The kinds of unit a property can be (`property.property_type`); the UI translates them as
 * `listings.type.<key>`. Client-safe.
 */
export const PROPERTY_TYPES = ['apartment', 'studio', 'loft', 'townhouse', 'penthouse', 'duplex'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** The unit statuses of spec §4 ("maintenance" reads "Under Maintenance"). */
export const UNIT_STATUSES = ['available', 'leased', 'maintenance'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
