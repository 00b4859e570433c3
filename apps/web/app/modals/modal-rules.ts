import { MODALS, type ModalDefinition } from "./modal-definitions";

/** MD-05..MD-07: whether a visitor in this state may open the modal. */
export function canOpen(definition: ModalDefinition, isLoggedIn: boolean): boolean {
  if (definition.access === "guest") return !isLoggedIn;
  if (definition.access === "player") return isLoggedIn;
  return true;
}

/** The value a query modal is written with ("true" for yes/no modals). */
export function queryValueFor(
  definition: ModalDefinition,
  value: string | undefined,
): string | null {
  const query = definition.query;
  if (!query) return null;
  if (query.values) {
    if (value && query.values.includes(value)) return value;
    return query.values[0] ?? null;
  }
  return value || "true";
}

/** MD-04: whether a query value may open the modal (wallet: deposit or withdraw only). */
export function isValidQueryValue(definition: ModalDefinition, value: string): boolean {
  const query = definition.query;
  if (!query) return false;
  if (query.values) return query.values.includes(value);
  return value !== "" && value !== "false" && value !== "0";
}

export type ModalQueryRequest = { key: string; value: string };
export type ModalQueryResolution = {
  /** Modals to open, in registry order. */
  open: ModalQueryRequest[];
  /** Query parameters to remove (not allowed for the visitor, or an invalid value). */
  remove: string[];
};

/**
 * MD-02, MD-03, MD-04: which modal queries of a URL open, and which are dropped from the URL.
 * `names` restricts the check to some parameters (those that changed since the last look).
 */
export function resolveModalQuery(
  search: string,
  isLoggedIn: boolean,
  names?: ReadonlySet<string>,
): ModalQueryResolution {
  const params = new URLSearchParams(search);
  const result: ModalQueryResolution = { open: [], remove: [] };
  for (const definition of MODALS.values()) {
    const name = definition.query?.name;
    if (!name || !params.has(name) || (names && !names.has(name))) continue;
    const value = params.get(name) ?? "";
    if (canOpen(definition, isLoggedIn) && isValidQueryValue(definition, value)) {
      result.open.push({ key: definition.key, value });
    } else {
      result.remove.push(name);
    }
  }
  return result;
}

/** Query parameter names whose value differs between two query strings. */
export function changedParams(
  before: string,
  after: string,
  names: readonly string[],
): Set<string> {
  const a = new URLSearchParams(before);
  const b = new URLSearchParams(after);
  return new Set(names.filter((name) => a.get(name) !== b.get(name)));
}

/** MD-12: z-index of a modal at a stacking level (0 = bottom). */
export const MODAL_Z_BASE = 1000;
export function modalZIndex(level: number): number {
  return MODAL_Z_BASE + 2 * level;
}
/** MD-14 */
export const MODAL_TRANSITION_MS = 250;

/** Modals a country with restrict and restrictType 2 may not use (spec §4 "Restricted countries"). */
const AUTH_MODALS: readonly string[] = ["sign-in", "sign-up"];

/**
 * GEO-03, GEO-04: in a country with restrictType 2, asking for sign-in or sign-up shows
 * geo-restricted-type instead. Returns the key to open.
 */
export function restrictedSubstitute(key: string, authRestricted: boolean): string {
  return authRestricted && AUTH_MODALS.includes(key) ? "geo-restricted-type" : key;
}
