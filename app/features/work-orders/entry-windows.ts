/**
 * The entry windows a tenant offers on a maintenance request (`maintenance_request.entry_windows`,
 * JSON): when someone may come in. Client-safe; read by the maintenance queue, the tenant's
 * request pages and the vendor's work order (decision 044: the work-order core owns what both
 * features read of a request). Also what the tenant reported with them (`RequestReport`).
 */

/** One time window in which someone may come in: a day and a span of hours (local to the home). */
export type EntryWindow = { date: string; from: string; to: string };

/**
 * What the tenant reported on a maintenance request and how to get in, as the queue, the tenant's
 * pages and the vendor's work order show it.
 */
export type RequestReport = {
  description: string;
  location: string | null;
  permissionToEnter: boolean;
  entryWindows: EntryWindow[];
  entryNotes: string | null;
  photoUrls: string[];
};

/** The `RequestReport` of a request row as read from the database (entry windows as stored, JSON). */
export function requestReportOf(row: Omit<RequestReport, 'entryWindows'> & { entryWindows: unknown }): RequestReport {
  return {
    description: row.description,
    location: row.location,
    permissionToEnter: row.permissionToEnter,
    entryWindows: parseEntryWindows(row.entryWindows),
    entryNotes: row.entryNotes,
    photoUrls: row.photoUrls,
  };
}

/**
 * The entry windows stored on a request: the well-formed ones (date, from and to all strings),
 * at most 20, as plain `EntryWindow`s; anything else (not an array, a malformed entry) is dropped
 * rather than shown.
 */
export function parseEntryWindows(stored: unknown): EntryWindow[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(
      (item): item is EntryWindow =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.date === 'string' &&
        typeof item.from === 'string' &&
        typeof item.to === 'string',
    )
    .slice(0, 20)
    .map((item) => ({ date: item.date, from: item.from, to: item.to }));
}
