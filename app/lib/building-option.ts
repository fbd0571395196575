/**
 * A building as a staff list's "Building" filter offers it (`/api/building-options`, answered by
 * features/portfolio's `searchBuildingOptions`; shown by `BuildingFilter` in app/components/lists).
 * Client-safe.
 */
export type BuildingOption = { id: number; name: string };
