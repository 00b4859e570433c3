// The modal registry's data (spec §2 "Modals"): every modal key with its access rule, its query
// parameter (when it lives in the URL) and how it may be dismissed. Views are bound to keys in
// modal-views.ts; this file stays free of React so the rules are unit-tested in node.

export const GUEST_MODALS = ["sign-in", "forgot-pass", "reset-pass", "sign-up"] as const;

export const PLAYER_MODALS = [
  "deposit-error",
  "deposit-success",
  "deposit-pending",
  "deposit-redirect",
  "wallet",
  "equivalent-currency",
  "wallet-region",
  "quests-hub",
  "quest-rewards",
  "quest-tasks",
  "quest-task-games",
  "wallet-bonus-info",
  "loyalty-level",
  "turn-over-wager",
  "add-cash-limit",
  "edit-cash-limit",
  "game-limit-reached",
  "self-exclusion-limit",
  "bonus-cancel-lock",
  "change-active-bonus",
  "cancel-active-bonus",
  "cancel-issued-bonus",
  "cancel-unsettled-bonus",
  "package-bonus",
  "bonus-details",
  "max-bets",
  "restricted-bets",
] as const;

export const OPEN_MODALS = [
  "sign-up-cancel",
  "cancel-deposit",
  "profile-confirmed",
  "mobile-game",
  "loyalty-earn",
  "demo-game",
  "categories",
  "providers",
  "geo-restricted-game",
  "geo-restricted-type",
] as const;

export type KnownModalKey =
  | (typeof GUEST_MODALS)[number]
  | (typeof PLAYER_MODALS)[number]
  | (typeof OPEN_MODALS)[number];

/** guest: only signed-out visitors; player: only signed-in; anyone: both. */
export type ModalAccess = "guest" | "player" | "anyone";

export type ModalQuery = {
  /** Query parameter name. */
  name: string;
  /** Allowed values; absent = any non-empty value (written as "true"). */
  values?: readonly string[];
};

export type ModalDefinition = {
  key: KnownModalKey;
  access: ModalAccess;
  query: ModalQuery | null;
  /** Close on a click outside the dialog (default true; sign-in and sign-up: false). */
  closeOnOutsideClick: boolean;
  /** Close on Escape (default true). */
  closeOnEscape: boolean;
  size: "sm" | "md" | "lg" | "xl";
};

export const WALLET_TABS = ["deposit", "withdraw"] as const;

/** Modals reflected in the URL query (MD-01). */
const QUERIES: Partial<Record<KnownModalKey, ModalQuery>> = {
  "sign-in": { name: "sign-in" },
  "sign-up": { name: "sign-up" },
  "forgot-pass": { name: "forgot-pass" },
  "reset-pass": { name: "reset-pass" },
  wallet: { name: "wallet", values: WALLET_TABS },
  "quests-hub": { name: "quests-hub" },
  "profile-confirmed": { name: "profile-confirmed" },
  categories: { name: "categories" },
  providers: { name: "providers" },
};

const NO_OUTSIDE_CLICK: readonly KnownModalKey[] = ["sign-in", "sign-up"];
const SIZES: Partial<Record<KnownModalKey, ModalDefinition["size"]>> = {
  "sign-in": "xl",
  "sign-up": "lg",
  wallet: "xl",
  "quests-hub": "lg",
  categories: "lg",
  providers: "lg",
};

function define(key: KnownModalKey, access: ModalAccess): ModalDefinition {
  return {
    key,
    access,
    query: QUERIES[key] ?? null,
    closeOnOutsideClick: !NO_OUTSIDE_CLICK.includes(key),
    closeOnEscape: true,
    size: SIZES[key] ?? "md",
  };
}

export const MODALS: ReadonlyMap<string, ModalDefinition> = new Map(
  [
    ...GUEST_MODALS.map((key) => define(key, "guest")),
    ...PLAYER_MODALS.map((key) => define(key, "player")),
    ...OPEN_MODALS.map((key) => define(key, "anyone")),
  ].map((definition) => [definition.key, definition]),
);

export function getModal(key: string): ModalDefinition | undefined {
  return MODALS.get(key);
}

/** All query parameter names used by modals. */
export const MODAL_QUERY_NAMES: readonly string[] = [...MODALS.values()].flatMap((m) =>
  m.query ? [m.query.name] : [],
);
