import type { FieldDescriptor, FieldScenario, FlagValue } from "@casino/contract/player";
import { buildSchema } from "@casino/validation/descriptor";
import { formSchemaDescriptors } from "@casino/validation/fields";
import type { RuleDescriptor } from "@casino/validation/rule";
import { isValidPhone } from "@casino/validation/rules/phone";
import { type FieldErrors, validateForm } from "@casino/validation/validate";
import { parsePhoneNumberWithError } from "libphonenumber-js/max";
import type { Queryable } from "../../infra/db";
import { settingsRepository } from "../settings/repository";
import {
  EXTRA_FIELD_COLUMNS,
  type FieldDescriptorRecord,
  fieldDescriptorsRepository,
  type PlayerRecord,
} from "./repository";

/** Messages of the server-side checks beyond packages/validation's rules. */
export const FIELD_MESSAGES = {
  emailTaken: "The email has already been taken",
  phoneTaken: "The phone has already been taken",
  country: "The selected country is invalid",
  currency: "The selected currency is invalid",
  locale: "The selected locale is invalid",
  timeZone: "The selected time zone is invalid",
  notEditable: "This field cannot be changed",
} as const;

/**
 * The rules of one descriptor, exactly as served and as enforced: packages/validation's §5
 * rules of the field, `required` first when the field is visible and required. A required
 * agreements checkbox must also be ticked (`truthy`): "0" or false is a value, not consent.
 */
export function descriptorRules(record: FieldDescriptorRecord): RuleDescriptor[] {
  const isRequired = record.isRequired && record.isVisible;
  const rules = formSchemaDescriptors([{ name: record.name, isRequired }])[record.name] ?? [];
  if (record.name === "agreements" && isRequired) return [...rules, { rule: "truthy" }];
  return rules;
}

/** The player's current value of a profile field, as the form shows it. */
export function profileValue(player: PlayerRecord, name: string): string | null {
  switch (name) {
    case "email":
      return player.email;
    case "phone":
      return player.phone;
    case "nickname":
      return player.nickname;
    case "country":
      return player.country;
    case "currency":
      return player.currency;
    case "locale":
      return player.locale;
    case "receiveEmailPromo":
      return player.receiveEmailPromo ? "1" : "0";
    case "receiveSmsPromo":
      return player.receiveSmsPromo ? "1" : "0";
    default:
      return Object.hasOwn(EXTRA_FIELD_COLUMNS, name)
        ? (player.extra[name as keyof typeof EXTRA_FIELD_COLUMNS] ?? null)
        : null;
  }
}

/** GET /api/player/fields/validations (BE-08, SU-10, PR-01). */
export async function listFieldDescriptors(
  db: Queryable,
  scenario: FieldScenario,
  player: PlayerRecord | null,
): Promise<FieldDescriptor[]> {
  const records = await fieldDescriptorsRepository(db).list(scenario);
  return records.map((record) => ({
    id: record.id,
    name: record.name,
    description: record.description,
    editable: record.editable,
    isRequired: record.isRequired,
    isVisible: record.isVisible,
    position: record.position,
    value: player ? profileValue(player, record.name) : record.defaultValue,
    rules: descriptorRules(record).map((rule) =>
      rule.params ? { rule: rule.rule, params: [...rule.params] } : { rule: rule.rule },
    ),
  }));
}

/**
 * Checks `values` with the descriptors' rules (the same the web runs before sending) and returns
 * the failing fields with packages/validation's default English messages.
 * `only` limits the check to some fields (a partial profile update checks what it changes).
 */
export function validateWithDescriptors(
  values: Readonly<Record<string, unknown>>,
  records: readonly FieldDescriptorRecord[],
  options: { only?: ReadonlySet<string>; notRequired?: ReadonlySet<string>; now: Date },
): FieldErrors {
  const descriptors: Record<string, RuleDescriptor[]> = {};
  for (const record of records) {
    if (options.only && !options.only.has(record.name)) continue;
    const rules = descriptorRules(record);
    descriptors[record.name] = options.notRequired?.has(record.name)
      ? rules.filter((rule) => rule.rule !== "required")
      : rules;
  }
  return validateForm(values, buildSchema(descriptors), { now: options.now });
}

/** A valid phone (spec §5 rule 3) as E.164 ("+4915123456789"), or null. */
export function normalizePhone(value: string): string | null {
  if (!isValidPhone(value)) return null;
  try {
    return parsePhoneNumberWithError(`+${value.startsWith("+") ? value.slice(1) : value}`).number;
  } catch {
    return null;
  }
}

/** Checkbox values (SU-20) as a boolean: "1", 1, true and "true" are ticked. */
export function flagValue(value: FlagValue | undefined): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  errors[field] = [...(errors[field] ?? []), message];
}

/**
 * Country, currency, locale and time zone must name known settings: a stored country, an enabled
 * currency, an enabled locale, a listed time zone. Adds messages to `errors` for the ones given.
 */
export async function checkReferences(
  db: Queryable,
  values: {
    country?: string | null;
    currency?: string | null;
    locale?: string | null;
    timeZone?: string | null;
  },
  errors: FieldErrors,
): Promise<void> {
  const settings = settingsRepository(db);
  if (values.country && !errors.country) {
    const country = /^[A-Z]{2}$/.test(values.country)
      ? await settings.findCountry(values.country)
      : null;
    if (!country) addFieldError(errors, "country", FIELD_MESSAGES.country);
  }
  if (values.currency && !errors.currency) {
    const currencies = await settings.listCurrencies(false);
    const found = currencies.find((currency) => currency.code === values.currency);
    if (!found?.isEnabled) addFieldError(errors, "currency", FIELD_MESSAGES.currency);
  }
  if (values.locale && !errors.locale) {
    const locales = await settings.listLocales();
    if (!locales.some((locale) => locale.code === values.locale)) {
      addFieldError(errors, "locale", FIELD_MESSAGES.locale);
    }
  }
  if (values.timeZone && !errors.timeZone) {
    const zones = await settings.listTimeZones();
    if (!zones.some((zone) => zone.id === values.timeZone)) {
      addFieldError(errors, "timeZone", FIELD_MESSAGES.timeZone);
    }
  }
}
