import type { Queryable } from "../../infra/db";
import { bigintFromDb, normalizeDecimal, subunitNumber } from "../../lib/numbers";
import type { PublicSettingValues } from "./public-settings";

export interface CurrencyRecord {
  code: string;
  type: "fiat" | "crypto";
  symbol: string;
  subunitToUnit: number;
  rate: string;
  isBase: boolean;
  isEnabled: boolean;
  isVisible: boolean;
  restrict: boolean;
  restrictType: 1 | 2 | null;
  subCurrencies: { code: string; subunitToUnit: number }[];
}

export interface LocaleRecord {
  code: string;
  name: string;
  isDefault: boolean;
}

export interface CountryRecord {
  code: string;
  name: string;
  locale: string | null;
  currency: string | null;
  phonePrefix: string;
  restrict: boolean;
  restrictType: 1 | 2 | null;
}

const restrictType = (value: number | null) => (value === 1 || value === 2 ? value : null);

export function settingsRepository(db: Queryable) {
  return {
    async listCurrencies(visibleOnly: boolean): Promise<CurrencyRecord[]> {
      const rows = await db.query<{
        code: string;
        type: "fiat" | "crypto";
        symbol: string;
        subunit_to_unit: string;
        rate: string;
        is_base: boolean;
        is_enabled: boolean;
        is_visible: boolean;
        is_restricted: boolean;
        restrict_type: number | null;
      }>(
        `SELECT code, type, symbol, subunit_to_unit, rate, is_base, is_enabled, is_visible,
                is_restricted, restrict_type
           FROM currencies
          WHERE ($1::boolean IS FALSE OR is_visible)
          ORDER BY type = 'crypto', position, code`,
        [visibleOnly],
      );
      const subs = await db.query<{ currency_code: string; code: string; subunit_to_unit: string }>(
        "SELECT currency_code, code, subunit_to_unit FROM sub_currencies ORDER BY currency_code, code",
      );
      const subsByCurrency = new Map<string, { code: string; subunitToUnit: number }[]>();
      for (const sub of subs) {
        const list = subsByCurrency.get(sub.currency_code) ?? [];
        list.push({
          code: sub.code,
          subunitToUnit: subunitNumber(
            bigintFromDb(sub.subunit_to_unit),
            `${sub.code} subunitToUnit`,
          ),
        });
        subsByCurrency.set(sub.currency_code, list);
      }
      return rows.map((row) => ({
        code: row.code,
        type: row.type,
        symbol: row.symbol,
        subunitToUnit: subunitNumber(
          bigintFromDb(row.subunit_to_unit),
          `${row.code} subunitToUnit`,
        ),
        rate: normalizeDecimal(row.rate),
        isBase: row.is_base,
        isEnabled: row.is_enabled,
        isVisible: row.is_visible,
        restrict: row.is_restricted,
        restrictType: restrictType(row.restrict_type),
        subCurrencies: subsByCurrency.get(row.code) ?? [],
      }));
    },

    async listLocales(): Promise<LocaleRecord[]> {
      const rows = await db.query<{ code: string; name: string; is_default: boolean }>(
        "SELECT code, name, is_default FROM locales WHERE is_enabled ORDER BY position, code",
      );
      return rows.map((row) => ({ code: row.code, name: row.name, isDefault: row.is_default }));
    },

    /** Any stored country, listed or not (restrictions apply to unlisted countries too). */
    async findCountry(code: string): Promise<CountryRecord | null> {
      const all = await this.listCountries(false);
      return all.find((country) => country.code === code) ?? null;
    },
    async listCountries(listedOnly: boolean): Promise<CountryRecord[]> {
      const rows = await db.query<{
        code: string;
        name: string;
        locale: string | null;
        currency: string | null;
        phone_prefix: string;
        is_restricted: boolean;
        restrict_type: number | null;
      }>(
        `SELECT code, name, locale, currency, phone_prefix, is_restricted, restrict_type
           FROM countries
          WHERE ($1::boolean IS FALSE OR is_listed)
          ORDER BY name`,
        [listedOnly],
      );
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        locale: row.locale,
        currency: row.currency,
        phonePrefix: row.phone_prefix,
        restrict: row.is_restricted,
        restrictType: restrictType(row.restrict_type),
      }));
    },

    async listTimeZones(): Promise<{ id: string; name: string }[]> {
      return db.query<{ id: string; name: string }>(
        "SELECT id, name FROM time_zones ORDER BY position, id",
      );
    },

    async listConstantValues(): Promise<{ enumeration: string; id: number; name: string }[]> {
      return db.query("SELECT enumeration, id, name FROM constant_values ORDER BY enumeration, id");
    },

    async siteSettings(): Promise<PublicSettingValues> {
      const rows = await db.query<{ key: string; value: PublicSettingValues[string] }>(
        "SELECT key, value FROM site_settings",
      );
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
  };
}

export type SettingsRepository = ReturnType<typeof settingsRepository>;
