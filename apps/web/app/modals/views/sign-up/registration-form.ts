// The registration form as data (spec §5, SU-10..SU-20): which server field descriptors a tab
// shows, their rules, initial values and the request body.
import type { FieldDescriptor } from "@casino/contract/player";
import type { RuleDescriptor } from "@casino/validation/rule";
import { withPlus } from "../../../forms/phone-rules";
import type { AuthTab } from "../../auth-tabs";

export type RegistrationField = Pick<
  FieldDescriptor,
  "name" | "isRequired" | "isVisible" | "position" | "value" | "editable" | "description"
> & { rules: RuleDescriptor[] };

export type RegistrationValues = Record<string, string>;

export const CHECKBOX_FIELDS: readonly string[] = [
  "agreements",
  "receiveEmailPromo",
  "receiveSmsPromo",
];

/** Names the register endpoints accept (RegisterBody). */
const BODY_FIELDS: readonly string[] = [
  "email",
  "phone",
  "nickname",
  "country",
  "currency",
  "password",
  "password_confirmation",
  "bonusCode",
  "agreements",
  "receiveEmailPromo",
  "receiveSmsPromo",
];

/** SU-19 and the tabs: what each tab leaves out. */
const NOT_ON_TAB: Record<AuthTab, readonly string[]> = {
  email: ["phone", "receiveSmsPromo"],
  phone: ["email", "receiveEmailPromo"],
};

const LOGIN_RULE: Record<AuthTab, RuleDescriptor> = {
  email: { rule: "email" },
  phone: { rule: "phone" },
};

/**
 * The fields a tab shows, by position (SU-10): visible ones (SU-13), the tab's login field always
 * (required), never the other tab's login or promo checkbox (SU-19), never `locale` (sent as the
 * current locale, SU-16).
 */
export function tabFields(descriptors: readonly RegistrationField[], tab: AuthTab) {
  const list = [...descriptors]
    .filter((field) => !NOT_ON_TAB[tab].includes(field.name) && field.name !== "locale")
    .filter((field) => field.isVisible || field.name === tab)
    .map((field) =>
      field.name === tab && !field.rules.some((rule) => rule.rule === "required")
        ? { ...field, isRequired: true, rules: [{ rule: "required" }, ...field.rules] }
        : field,
    );
  if (!list.some((field) => field.name === tab)) {
    list.push({
      name: tab,
      isRequired: true,
      isVisible: true,
      editable: true,
      position: Number.NEGATIVE_INFINITY,
      value: null,
      description: null,
      rules: [{ rule: "required" }, LOGIN_RULE[tab]],
    });
  }
  return list.sort((a, b) => a.position - b.position);
}

/** Field → rule descriptors of the shown fields (the server's own rules, SU-21). */
export function registrationRules(fields: readonly RegistrationField[]) {
  return Object.fromEntries(fields.map((field) => [field.name, field.rules]));
}

/** SU-14: a nickname from the e-mail's local part. */
export function nicknameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const cleaned = local.replace(/[^A-Za-z0-9_.-]/g, "").slice(0, 32);
  return cleaned.length >= 2 ? cleaned : `${cleaned}player`.slice(0, 32);
}

/** A content flag (1/0, true/false) as a checkbox value: "1" checked, "" unchecked (SU-18, SU-20). */
export function checkboxValue(flag: unknown): string {
  return flag === 1 || flag === "1" || flag === true || flag === "true" ? "1" : "";
}

export type BodyContext = {
  tab: AuthTab;
  locale: string;
  promoOpen: boolean;
  nicknameHidden: boolean;
  fingerprint?: string;
  affiliateTag?: string | null;
};

/** The POST /api/player/register (or otp-verified /register/phone) body (SU-14, SU-16, SU-20, SU-23). */
export function registrationBody(
  fields: readonly RegistrationField[],
  values: RegistrationValues,
  context: BodyContext,
): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of fields) {
    if (!BODY_FIELDS.includes(field.name)) continue;
    const value = values[field.name] ?? "";
    if (field.name === "bonusCode" && (!context.promoOpen || value.trim() === "")) continue;
    if (field.name === "phone") body.phone = withPlus(value);
    else if (field.name === "email") body.email = value.trim();
    else body[field.name] = value;
  }
  if (context.tab === "email" && context.nicknameHidden && body.email) {
    body.nickname = nicknameFromEmail(body.email);
  }
  body.locale = context.locale;
  if (context.fingerprint) body.fingerprint = context.fingerprint;
  if (context.affiliateTag) body.affiliateTag = context.affiliateTag;
  return body;
}
