/**
 * Which confirmed listing alerts a set of units matches (decision 018), in SQL over
 * `listing_alert`, with the listing search's own semantics (spec §2 /properties, see
 * `listingFilters` in features/listings/listings.server.ts): a unit matches an alert when
 * /properties, searched with the alert's criteria, would show it —
 * - `capacity` n: `max_occupants >= n`;
 * - `minPrice` / `maxPrice`: `price` within the range (whole USD, inclusive);
 * - `location`: without a comma, a state ("TX", "texas") matches the state, anything else the
 *   city (case-insensitive); "City, ST" (or "City, State") matches both, and an unknown state
 *   after the comma matches nothing.
 * Only units that are listed and available are matched (re-checked here, at run time).
 *
 * Each alert's location is parsed once per query, and the join is split by location kind (any,
 * state, city) so PostgreSQL hash-joins units to alerts on state or city instead of testing every
 * alert against every unit. Free of i18next, so the tsx-run job runner can import it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { US_STATES } from '~/lib/us-states';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';

/** One (alert, unit) match. */
export type AlertMatch = { alertId: number; propertyId: number };

/**
 * The most unit ids one matching statement takes (the job loops over slices of this size, one
 * transaction each): a slice against 20,000 broad alerts writes tens of thousands of rows, and
 * on PGlite a transaction holds the whole database.
 */
export const MATCH_SLICE = 250;

/** `(code, lower(name))` of every state, as an inline VALUES list (the listing's `stateCodeOf`). */
const STATES_VALUES: SQL = sql.join(
  Object.entries(US_STATES).map(([code, name]) => sql`(${code}::text, ${name.toLowerCase()}::text)`),
  sql`, `,
);

/**
 * The SELECT of every (alert, unit) pair where confirmed alert matches listed, available unit
 * in `propertyIds` (at most MATCH_SLICE ids). Used inside INSERT … SELECT by the job and on its
 * own by `findMatchingAlerts`.
 */
export function matchingAlertsQuery(propertyIds: readonly number[]): SQL {
  const ids = sql`${`{${propertyIds.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
  return sql`
    WITH units AS (
      SELECT p.id, lower(p.city) AS city_l, p.state, p.price, p.max_occupants
      FROM property p
      WHERE p.id = ANY(${ids}) AND p.listed AND p.status = 'available'
    ),
    states(code, lname) AS (VALUES ${STATES_VALUES}),
    raw AS (
      SELECT a.id,
        (a.criteria ->> 'capacity')::int AS capacity,
        (a.criteria ->> 'minPrice')::int AS min_price,
        (a.criteria ->> 'maxPrice')::int AS max_price,
        nullif(a.criteria ->> 'location', '') AS loc
      FROM listing_alert a
      WHERE a.status = 'confirmed'
    ),
    pieces AS (
      -- The location split once per alert: the whole (no comma) or the parts before and after the first comma.
      SELECT r.*,
        position(',' in coalesce(r.loc, '')) > 0 AS has_state_part,
        btrim(CASE WHEN position(',' in coalesce(r.loc, '')) > 0 THEN split_part(r.loc, ',', 2) ELSE r.loc END) AS state_text,
        lower(btrim(split_part(coalesce(r.loc, ''), ',', 1))) AS city_l
      FROM raw r
    ),
    parsed AS (
      SELECT p.id, p.capacity, p.min_price, p.max_price, p.has_state_part, p.city_l,
        coalesce(by_code.code, by_name.code) AS state_code,
        CASE
          WHEN p.loc IS NULL THEN 'any'
          WHEN NOT p.has_state_part AND coalesce(by_code.code, by_name.code) IS NOT NULL THEN 'state'
          ELSE 'city'
        END AS kind
      FROM pieces p
      LEFT JOIN states by_code ON p.state_text ~ '^[A-Za-z]{2}$' AND by_code.code = upper(p.state_text)
      LEFT JOIN states by_name ON by_name.lname = lower(p.state_text)
    )
    SELECT al.id AS alert_id, u.id AS property_id
    FROM parsed al JOIN units u
      ON (al.capacity IS NULL OR u.max_occupants >= al.capacity)
      AND (al.min_price IS NULL OR u.price >= al.min_price)
      AND (al.max_price IS NULL OR u.price <= al.max_price)
    WHERE al.kind = 'any'
    UNION ALL
    SELECT al.id, u.id
    FROM parsed al JOIN units u ON u.state = al.state_code
    WHERE al.kind = 'state'
      AND (al.capacity IS NULL OR u.max_occupants >= al.capacity)
      AND (al.min_price IS NULL OR u.price >= al.min_price)
      AND (al.max_price IS NULL OR u.price <= al.max_price)
    UNION ALL
    SELECT al.id, u.id
    FROM parsed al JOIN units u ON u.city_l = al.city_l
    WHERE al.kind = 'city'
      AND (NOT al.has_state_part OR u.state = al.state_code)
      AND (al.capacity IS NULL OR u.max_occupants >= al.capacity)
      AND (al.min_price IS NULL OR u.price >= al.min_price)
      AND (al.max_price IS NULL OR u.price <= al.max_price)`;
}

/**
 * The confirmed alerts that listed, available units `propertyIds` match, as (alert, unit) pairs
 * ordered by alert then unit. Reads only; any number of ids (sliced by MATCH_SLICE).
 */
export async function findMatchingAlerts(db: Db, propertyIds: readonly number[]): Promise<AlertMatch[]> {
  const matches: AlertMatch[] = [];
  for (let from = 0; from < propertyIds.length; from += MATCH_SLICE) {
    const slice = propertyIds.slice(from, from + MATCH_SLICE);
    const rows = rowsOf<{ alert_id: number; property_id: number }>(await db.execute(matchingAlertsQuery(slice)));
    // A loop, not push(...rows): hundreds of thousands of arguments overflow the stack.
    for (const row of rows) matches.push({ alertId: Number(row.alert_id), propertyId: Number(row.property_id) });
  }
  return matches.sort((a, b) => a.alertId - b.alertId || a.propertyId - b.propertyId);
}
