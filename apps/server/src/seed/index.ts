import { PASSWORD_HASH_MINIMUM } from "../config";
import type { Db, Queryable } from "../infra/db";
import { createPasswordHasher } from "../infra/passwords";
import { publicSettingDefs } from "../modules/settings/public-settings";
import { seedConstants } from "./constants";
import { seedCountries } from "./countries";
import { seedCurrencies } from "./currencies";
import { seedGameCollections, seedGameProviders } from "./game-catalogue";
import { seedLocales } from "./locales";
import { seedPaymentMethods } from "./payment-methods";
import { seedPlayers, seedProfileFields, seedRegistrationFields } from "./players";
import { seedTimeZones } from "./time-zones";

const SEED_LOCK_KEY = 7_302_015_002;
const INITIAL_SEED = "initial";
/** A separate run, so databases seeded before player accounts existed get them once too. */
const PLAYERS_SEED = "players";
const PAYMENTS_SEED = "payment-methods";

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
  // Hashed outside the transaction: Argon2 takes a moment and needs no lock.
  const hasher = createPasswordHasher({ ...PASSWORD_HASH_MINIMUM, parallelism: 1 });
  const passwordHashes = await Promise.all(
    seedPlayers.map((player) => hasher.hash(player.password)),
  );
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const initial = await seedInitial(tx);
    const players = await seedPlayerAccounts(tx, passwordHashes);
    const payments = await seedPayments(tx);
    return initial || players || payments;
  });
}

async function seedPayments(tx: Queryable): Promise<boolean> {
  const done = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [PAYMENTS_SEED]);
  if (done.length > 0) return false;
  for (const [position, method] of seedPaymentMethods.entries()) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO payment_methods (direction, method, title, type, processing_type, processor,
         logo, countries, position)
       VALUES ($1, $2, $3, $4, $5, 'sandbox', $6, $7, $8) RETURNING id`,
      [
        method.direction,
        method.method,
        method.title,
        method.type,
        method.processingType,
        method.logo,
        method.countries ?? null,
        position,
      ],
    );
    await insertRows(
      tx,
      "payment_method_currencies",
      ["method_id", "currency", "amount_min", "amount_max", "presets"],
      method.currencies.map((item) => [
        row!.id,
        item.currency,
        item.min,
        item.max,
        JSON.stringify(
          (item.presets ?? []).map(([amount, isDefault]) => ({ amount, default: isDefault })),
        ),
      ]),
    );
    await insertRows(
      tx,
      "payment_method_fields",
      [
        "method_id",
        "key",
        "position",
        "labels",
        "hints",
        "is_required",
        "regexp",
        "field_type",
        "options",
      ],
      (method.fields ?? []).map((field, index) => [
        row!.id,
        field.key,
        index,
        JSON.stringify(field.labels),
        JSON.stringify(field.hints ?? {}),
        field.isRequired ?? false,
        field.regexp ?? null,
        field.fieldType ?? "text",
        JSON.stringify(field.options ?? []),
      ]),
    );
  }
  await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [PAYMENTS_SEED]);
  return true;
}

async function seedPlayerAccounts(tx: Queryable, passwordHashes: string[]): Promise<boolean> {
  const done = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [PLAYERS_SEED]);
  if (done.length > 0) return false;
  const descriptorRow =
    (scenario: string) => (field: (typeof seedRegistrationFields)[number], index: number) => [
      scenario,
      field.name,
      index,
      field.isVisible ?? true,
      field.isRequired ?? false,
      field.editable ?? true,
      field.description ?? null,
      field.defaultValue ?? null,
    ];
  await insertRows(
    tx,
    "field_descriptors",
    [
      "scenario",
      "name",
      "position",
      "is_visible",
      "is_required",
      "editable",
      "description",
      "default_value",
    ],
    [
      ...seedRegistrationFields.map(descriptorRow("registration")),
      ...seedProfileFields.map(descriptorRow("profile")),
    ],
  );
  const now = new Date();
  await insertRows(
    tx,
    "players",
    [
      "email",
      "password_hash",
      "nickname",
      "country",
      "currency",
      "locale",
      "status",
      "email_confirmed_at",
      "agreements",
      "is_newly_registered",
      "registration_method",
    ],
    seedPlayers.map((player, index) => [
      player.email,
      passwordHashes[index],
      player.nickname,
      player.country,
      player.currency,
      player.locale,
      player.status,
      now,
      true,
      false,
      "admin",
    ]),
  );
  await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [PLAYERS_SEED]);
  return true;
}

async function seedInitial(tx: Queryable): Promise<boolean> {
  {
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
      ["slug", "name", "logo", "position", "launch_url", "free_spins_url"],
      seedGameProviders.map((provider, index) => [
        provider.slug,
        provider.name,
        provider.logo,
        index,
        provider.launchUrl,
        provider.freeSpinsUrl,
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
  }
}
