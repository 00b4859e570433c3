import { z } from "zod";

/** Locale code: two lowercase letters, optionally a dash and a region (`en`, `pt-br`). */
export const LocaleCode = z.string().regex(/^[a-z]{2}(-[a-z]{2,4})?$/);
export const CountryCode = z.string().regex(/^[A-Z]{2}$/);

/** restrictType 1: geo-restricted layout; restrictType 2: no sign-in or sign-up. */
export const RestrictType = z.union([z.literal(1), z.literal(2)]).nullable();

/**
 * Minor units per major unit: a power of ten up to 10^18 (ETH's wei). Powers of ten are exact
 * in a JSON number even past 2^53; amounts themselves are always decimal strings.
 */
export const SubunitToUnit = z
  .number()
  .refine((n) => /^10{0,18}$/.test(BigInt(Math.trunc(n)).toString()) && Number.isInteger(n), {
    message: "a power of ten up to 10^18",
  });

export const SubCurrency = z.object({ code: z.string(), subunitToUnit: SubunitToUnit });

export const Currency = z
  .object({
    code: z.string(),
    type: z.enum(["fiat", "crypto"]),
    isEnabled: z.boolean(),
    isBase: z.boolean(),
    /** Minor units per major unit (100 for EUR, 10^8 for BTC). */
    subunitToUnit: SubunitToUnit,
    /** Exchange rate to the base currency as an exact decimal string. */
    rate: z.object({ rate: z.string() }),
    symbol: z.string(),
    subCurrencies: z.array(SubCurrency),
    restrict: z.boolean(),
    restrictType: RestrictType,
  })
  .meta({ id: "Currency" });
export type Currency = z.infer<typeof Currency>;

export const Locale = z
  .object({ code: LocaleCode, name: z.string(), isDefault: z.boolean() })
  .meta({ id: "Locale" });
export type Locale = z.infer<typeof Locale>;

export const Country = z
  .object({
    code: CountryCode,
    name: z.string(),
    locale: z.string().nullable(),
    currency: z.string().nullable(),
    phonePrefix: z.string(),
    restrict: z.boolean(),
    restrictType: RestrictType,
  })
  .meta({ id: "Country" });
export type Country = z.infer<typeof Country>;

export const TimeZone = z.object({ id: z.string(), name: z.string() });

/** An enumeration value of a global constant: numeric id and a machine name. */
export const EnumValue = z.object({ id: z.number().int(), name: z.string() });

/** GET /api/settings/constants: the global constants of spec §3 with their enumeration values. */
export const Constants = z
  .object({
    player: z.object({
      timeZone: z.array(TimeZone),
      playerStatuses: z.array(EnumValue),
      document: z.object({ status: z.array(EnumValue) }),
    }),
    payment: z.object({
      invoiceStatuses: z.array(EnumValue),
      invoiceTypes: z.array(EnumValue),
    }),
    game: z.object({
      bet: z.object({ status: z.array(EnumValue) }),
      playerBonus: z.object({ status: z.array(EnumValue), result: z.array(EnumValue) }),
      playerFreespin: z.object({ status: z.array(EnumValue), result: z.array(EnumValue) }),
    }),
  })
  .meta({ id: "Constants" });
export type Constants = z.infer<typeof Constants>;

export const CurrenciesQuery = z.object({ visible: z.enum(["0", "1"]).optional() });

export const CurrencyList = z.object({ data: z.array(Currency) });
export const LocaleList = z.object({ data: z.array(Locale) });
export const CountryList = z.object({ data: z.array(Country) });
export const ConstantsResponse = z.object({ data: Constants });
