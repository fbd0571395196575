/**
 * CSV import and export of a building's units (decision 015), with csv-parse and
 * csv-stringify. The import is two steps: a dry run (`previewUnitImport`) validates every row
 * with the unit form's own schema and lists each row's errors before anything is written; a
 * clean file is kept in `unit_import`, and `commitUnitImport` writes exactly that file, once
 * (a second commit answers the first result), re-validating against the building as it is then.
 * A row whose unit number exists in the building updates that unit; any other row creates one.
 * The export writes the same columns, so an exported file imports back unchanged.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { property, unitImport } from '~/server/db/schema';
import { findManagedBuilding, type PortfolioActor } from './portfolio-access.server';
import { UNIT_IMPORT_MAX_BYTES, UNIT_IMPORT_MAX_ROWS, unitInputSchema, type UnitInput } from './portfolio.schemas';
import type { PortfolioFailure, UnitImportPreview, UnitImportResult } from './portfolio.types';
import { announceListableUnits } from './unit-events.server';
import { isListable, newUnitRow, unitAddress, unitColumns } from './units.server';
import { csvText, readCsvCell } from '~/server/http/csv.server';

/** The CSV columns, in order (header names = the unit form's field names in snake_case). */
export const UNIT_CSV_COLUMNS = [
  ['unit_number', 'unitNumber'],
  ['title', 'title'],
  ['title_it', 'titleIt'],
  ['description', 'description'],
  ['description_it', 'descriptionIt'],
  ['price', 'price'],
  ['bedrooms', 'bedrooms'],
  ['bathrooms', 'bathrooms'],
  ['square_feet', 'squareFeet'],
  ['max_occupants', 'maxOccupants'],
  ['property_type', 'propertyType'],
  ['status', 'status'],
  ['available_date', 'availableDate'],
  ['listed', 'listed'],
  ['amenities', 'amenities'],
] as const;

const REQUIRED_COLUMNS = [
  'unit_number',
  'title',
  'description',
  'price',
  'bedrooms',
  'bathrooms',
  'square_feet',
  'max_occupants',
  'property_type',
];
const KNOWN_COLUMNS = new Set<string>(UNIT_CSV_COLUMNS.map(([column]) => column));

type CommandOptions = { db: Db; actor: PortfolioActor; origin: RequestOrigin };

type ParsedFile =
  /** `fields`: the unit fields the file has a column for (an update changes only those). */
  { ok: true; rows: { line: number; input: Record<string, unknown> }[]; fields: ReadonlySet<string> } | { ok: false; fileErrors: string[] };

/** Parses the CSV text into form-shaped inputs; header problems are file errors (translation keys). */
function parseUnitCsv(csv: string): ParsedFile {
  if (Buffer.byteLength(csv, 'utf8') > UNIT_IMPORT_MAX_BYTES) return { ok: false, fileErrors: ['portfolio.import.errors.tooLarge'] };
  if (csv.includes('\u0000')) return { ok: false, fileErrors: ['portfolio.import.errors.notText'] };
  let records: string[][];
  try {
    records = (parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][]).map((record) =>
      record.map(readCsvCell),
    );
  } catch {
    return { ok: false, fileErrors: ['portfolio.import.errors.unreadable'] };
  }
  const [header, ...data] = records;
  if (!header) return { ok: false, fileErrors: ['portfolio.import.errors.empty'] };
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) return { ok: false, fileErrors: ['portfolio.import.errors.missingColumns'] };
  if (columns.some((column) => !KNOWN_COLUMNS.has(column))) return { ok: false, fileErrors: ['portfolio.import.errors.unknownColumns'] };
  if (data.length === 0) return { ok: false, fileErrors: ['portfolio.import.errors.empty'] };
  if (data.length > UNIT_IMPORT_MAX_ROWS) return { ok: false, fileErrors: ['portfolio.import.errors.tooManyRows'] };
  const fieldOf = new Map<string, string>(UNIT_CSV_COLUMNS.map(([column, field]) => [column, field]));
  return {
    ok: true,
    fields: new Set(columns.map((column) => fieldOf.get(column) as string)),
    rows: data.map((cells, index) => {
      const input: Record<string, unknown> = {};
      columns.forEach((column, i) => {
        const field = fieldOf.get(column) as string;
        const value = cells[i] ?? '';
        input[field] =
          field === 'amenities'
            ? value
                .split(/[;|]/)
                .map((key) => key.trim())
                .filter(Boolean)
            : value;
      });
      // Header is line 1; blank lines were skipped, which is close enough for people to find a row.
      return { line: index + 2, input };
    }),
  };
}

type CheckedRow = { line: number; unitNumber: string; values: UnitInput | null; errors: Record<string, string> };

/** Validates parsed rows: the unit form's rules per field, and unit numbers unique within the file. */
function checkRows(rows: { line: number; input: Record<string, unknown> }[]): CheckedRow[] {
  const seen = new Map<string, number>();
  return rows.map(({ line, input }) => {
    const parsed = unitInputSchema.safeParse(input);
    const errors: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        if (errors[field]) continue;
        errors[field] =
          issue.code === 'invalid_type'
            ? 'common.form.required'
            : /^(common|portfolio)\./.test(issue.message)
              ? issue.message
              : 'forms.errors.invalid';
      }
    }
    const unitNumber = typeof input.unitNumber === 'string' ? input.unitNumber.trim() : '';
    const key = unitNumber.toLowerCase();
    if (unitNumber && seen.has(key)) errors.unitNumber = 'portfolio.import.errors.duplicateUnit';
    else if (unitNumber) seen.set(key, line);
    return { line, unitNumber, values: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
  });
}

/** Unit numbers of `buildingId` that already exist, lower-cased → unit row. */
async function existingUnits(db: Db, buildingId: number, unitNumbers: string[]) {
  if (unitNumbers.length === 0) return new Map<string, { id: number; listed: boolean; status: string; unitNumber: string }>();
  const rows = await db
    .select({ id: property.id, listed: property.listed, status: property.status, unitNumber: property.unitNumber })
    .from(property)
    .where(
      and(
        eq(property.buildingId, buildingId),
        inArray(
          sql`lower(${property.unitNumber})`,
          unitNumbers.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.unitNumber.toLowerCase(), row]));
}

export type PreviewOutcome = { ok: true; preview: UnitImportPreview } | PortfolioFailure;

/**
 * The dry run of importing `csv` into building `buildingId`: every row checked, nothing written
 * to the units. A clean file is stored for the commit (`preview.importId`). Refusals: `not_found`.
 */
export async function previewUnitImport({
  db,
  actor,
  buildingId,
  fileName,
  csv,
}: {
  db: Db;
  actor: PortfolioActor;
  buildingId: number;
  fileName: string;
  csv: string;
}): Promise<PreviewOutcome> {
  const home = await findManagedBuilding({ db, actor, buildingId });
  if (!home) return { ok: false, reason: 'not_found' };
  const name = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '').slice(0, 120) || 'units.csv';
  const parsed = parseUnitCsv(csv);
  if (!parsed.ok) {
    return {
      ok: true,
      preview: {
        importId: null,
        fileName: name,
        rows: [],
        fileErrors: parsed.fileErrors,
        counts: { rows: 0, create: 0, update: 0, invalid: 0 },
      },
    };
  }
  const checked = checkRows(parsed.rows);
  const existing = await existingUnits(db, buildingId, checked.map((row) => row.unitNumber).filter(Boolean));
  const rows = checked.map((row) => ({
    line: row.line,
    unitNumber: row.unitNumber,
    action: existing.has(row.unitNumber.toLowerCase()) ? ('update' as const) : ('create' as const),
    errors: row.errors,
  }));
  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  let importId: string | null = null;
  if (invalid === 0) {
    importId = randomUUID();
    await db.insert(unitImport).values({ id: importId, buildingId, createdBy: actor.id, fileName: name, csv, rowCount: rows.length });
  }
  return {
    ok: true,
    preview: {
      importId,
      fileName: name,
      rows,
      fileErrors: [],
      counts: {
        rows: rows.length,
        create: rows.filter((row) => row.action === 'create').length,
        update: rows.filter((row) => row.action === 'update').length,
        invalid,
      },
    },
  };
}

export type CommitOutcome = { ok: true; result: UnitImportResult; alreadyCommitted: boolean } | PortfolioFailure;

/** Rows per INSERT statement. */
const INSERT_CHUNK = 500;

/**
 * Writes the previewed import `importId` into its building in one transaction (admins, or the
 * building's manager): creates and updates units, announces the ones that became listed and
 * available, audits `units_imported`. Idempotent: committing again answers the first result.
 * Refusals: `not_found` (unknown import, or not `actor`'s building), `invalid` (the building
 * changed so that the file no longer validates — preview again).
 */
export async function commitUnitImport({ db, actor, origin, importId }: CommandOptions & { importId: string }): Promise<CommitOutcome> {
  if (!/^[0-9a-f-]{36}$/.test(importId)) return { ok: false, reason: 'not_found' };
  return db.transaction(async (tx): Promise<CommitOutcome> => {
    const [batch] = await tx.select().from(unitImport).where(eq(unitImport.id, importId)).for('update');
    if (!batch) return { ok: false, reason: 'not_found' };
    const home = await findManagedBuilding({ db: tx, actor, buildingId: batch.buildingId, forUpdate: true });
    if (!home) return { ok: false, reason: 'not_found' };
    if (batch.committedAt && batch.result) return { ok: true, result: batch.result, alreadyCommitted: true };
    const parsed = parseUnitCsv(batch.csv);
    if (!parsed.ok) return { ok: false, reason: 'invalid', fields: { form: 'portfolio.import.errors.stale' } };
    const checked = checkRows(parsed.rows);
    if (checked.some((row) => !row.values)) return { ok: false, reason: 'invalid', fields: { form: 'portfolio.import.errors.stale' } };
    const existing = await existingUnits(
      tx,
      home.id,
      checked.map((row) => row.unitNumber),
    );
    const creates: (typeof property.$inferInsert)[] = [];
    const updates: { id: number; values: UnitInput; current: { listed: boolean; status: string } }[] = [];
    for (const row of checked) {
      const values = row.values as UnitInput;
      const current = existing.get(values.unitNumber.toLowerCase());
      if (current) updates.push({ id: current.id, values: { ...values, unitNumber: current.unitNumber }, current });
      else creates.push(newUnitRow(home, values));
    }
    const listable: number[] = [];
    for (let from = 0; from < creates.length; from += INSERT_CHUNK) {
      const chunk = creates.slice(from, from + INSERT_CHUNK);
      const ids = await tx.insert(property).values(chunk).returning({ id: property.id, listed: property.listed, status: property.status });
      listable.push(...ids.filter(isListable).map((row) => row.id));
    }
    for (const update of updates) {
      // An update writes only the columns the file has: a file of rents alone leaves each unit's
      // status, website flag, Italian text, amenities and available date as they were.
      const columns = Object.fromEntries(Object.entries(unitColumns(update.values)).filter(([field]) => parsed.fields.has(field)));
      await tx
        .update(property)
        .set({ ...columns, address: unitAddress(home.streetAddress, update.values.unitNumber), updatedAt: new Date() })
        .where(eq(property.id, update.id));
      if (!isListable(update.current) && isListable({ ...update.current, ...columns })) listable.push(update.id);
    }
    const result = { created: creates.length, updated: updates.length };
    await tx.update(unitImport).set({ committedAt: new Date(), result }).where(eq(unitImport.id, importId));
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'units_imported',
      origin,
      tableName: 'property',
      values: { building_id: home.id, import_id: importId, file_name: batch.fileName, ...result },
    });
    if (listable.length > 0) await announceListableUnits(tx, listable);
    return { ok: true, result, alreadyCommitted: false };
  });
}

/**
 * Every unit of building `buildingId` as CSV (the import's columns; amenities joined with `;`),
 * or null when `actor` may not manage it. Audited `units_exported`.
 */
export async function exportUnitsCsv({
  db,
  actor,
  origin,
  buildingId,
}: CommandOptions & { buildingId: number }): Promise<{ fileName: string; csv: string } | null> {
  const home = await findManagedBuilding({ db, actor, buildingId });
  if (!home) return null;
  const units = await db
    .select()
    .from(property)
    .where(eq(property.buildingId, buildingId))
    .orderBy(sql`length(${property.unitNumber})`, property.unitNumber, property.id);
  const csv = csvText(
    UNIT_CSV_COLUMNS.map(([column]) => column),
    units.map((unit) => [
      unit.unitNumber,
      unit.title,
      unit.titleIt ?? '',
      unit.description,
      unit.descriptionIt ?? '',
      unit.price,
      unit.bedrooms,
      Number(unit.bathrooms),
      unit.squareFeet,
      unit.maxOccupants,
      unit.propertyType,
      unit.status,
      unit.availableDate ?? '',
      unit.listed ? 'true' : 'false',
      unit.amenities.join(';'),
    ]),
  );
  await recordAuditEvent({
    db,
    userId: actor.id,
    action: 'units_exported',
    origin,
    tableName: 'property',
    values: { building_id: buildingId, units: units.length },
  });
  const slug =
    home.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'building';
  return { fileName: `${slug}-units.csv`, csv };
}
