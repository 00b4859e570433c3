import type { Db, Queryable } from "../infra/db";
import { publicSettingDefs } from "../modules/settings/public-settings";
import { seedConstants } from "./constants";
import { seedCountries } from "./countries";
import { seedCurrencies } from "./currencies";
import { seedGameCollections, seedGameProviders } from "./game-catalogue";
import { seedLocales } from "./locales";
import { seedTimeZones } from "./time-zones";

const SEED_LOCK_KEY = 7_302_015_002;
const INITIAL_SEED = "initial";

/** Multi-row INSERT ... ON CONFLICT DO NOTHING, so a repeated run changes nothing. */
async function insertRows(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: unknown[][],
  casts: Record<string, string> = {},
): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = row.map((value, index) => {
      params.push(value);
      const cast = casts[columns[index]!];
      return `$${params.length}${cast ? `::${cast}` : ""}`;
    });
    return `(${placeholders.join(", ")})`;
  });
  await tx.query(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")} ON CONFLICT DO NOTHING`,
    params,
  );
}

/**
 * Fills an empty database with the default settings and catalogue. It runs once: later starts
 * see the seed_runs row and leave the data alone, so an operator's edits and deletions stick.
 * Returns whether it ran.
 */
export async function seed(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const done = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [INITIAL_SEED]);
    if (done.length > 0) return false;

    await insertRows(
      tx,
      "locales",
      ["code", "name", "is_default", "position"],
      seedLocales.map((locale, index) => [locale.code, locale.name, locale.isDefault, index]),
    );

    await insertRows(
      tx,
      "currencies",
      [
        "code",
        "type",
        "symbol",
        "subunit_to_unit",
        "rate",
        "is_base",
        "is_enabled",
        "is_visible",
        "position",
      ],
      seedCurrencies.map((currency, index) => [
        currency.code,
        currency.type,
        currency.symbol,
        currency.subunitToUnit.toString(),
        currency.rate,
        currency.isBase ?? false,
        currency.isEnabled ?? true,
        currency.isVisible ?? true,
        index,
      ]),
    );
    await insertRows(
      tx,
      "sub_currencies",
      ["currency_code", "code", "subunit_to_unit"],
      seedCurrencies.flatMap((currency) =>
        (currency.subCurrencies ?? []).map((sub) => [
          currency.code,
          sub.code,
          sub.subunitToUnit.toString(),
        ]),
      ),
    );

    await insertRows(
      tx,
      "countries",
      [
        "code",
        "name",
        "locale",
        "currency",
        "phone_prefix",
        "is_restricted",
        "restrict_type",
        "is_listed",
      ],
      seedCountries.map((country) => [
        country.code,
        country.name,
        country.locale,
        country.currency,
        country.phonePrefix,
        country.restrictType !== undefined,
        country.restrictType ?? null,
        country.listed ?? true,
      ]),
    );

    await insertRows(
      tx,
      "time_zones",
      ["id", "name", "position"],
      seedTimeZones().map((zone, index) => [zone.id, zone.name, index]),
    );

    await insertRows(
      tx,
      "constant_values",
      ["enumeration", "id", "name"],
      Object.entries(seedConstants).flatMap(([enumeration, values]) =>
        values.map(([id, name]) => [enumeration, id, name]),
      ),
    );

    await insertRows(
      tx,
      "site_settings",
      ["key", "value", "description"],
      publicSettingDefs.map((def) => [def.key, JSON.stringify(def.default), def.description]),
      { value: "jsonb" },
    );

    await insertRows(
      tx,
      "game_providers",
      ["slug", "name", "logo", "position"],
      seedGameProviders.map((provider, index) => [
        provider.slug,
        provider.name,
        provider.logo,
        index,
      ]),
    );
    await insertRows(
      tx,
      "game_collections",
      ["slug", "name", "position", "restricted_countries"],
      seedGameCollections.map((collection, index) => [
        collection.slug,
        collection.name,
        index,
        collection.restrictedCountries,
      ]),
      { restricted_countries: "text[]" },
    );

    await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [INITIAL_SEED]);
    return true;
  });
}
