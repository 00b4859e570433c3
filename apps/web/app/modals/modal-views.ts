import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { KnownModalKey } from "./modal-definitions";
import type { ModalViewProps } from "./modal-view-props";

type ViewModule = { default: ComponentType<ModalViewProps> };
type ViewLoader = () => Promise<ViewModule>;

const signIn: ViewLoader = () => import("./views/sign-in-view");
const signUp: ViewLoader = () => import("./views/sign-up-view");
const forgotPass: ViewLoader = () => import("./views/forgot-pass-view");
const resetPass: ViewLoader = () => import("./views/reset-pass-view");
const wallet: ViewLoader = () => import("./views/wallet-view");
const depositResult: ViewLoader = () => import("./views/deposit-result-view");
const confirmAction: ViewLoader = () => import("./views/confirm-action-view");
const geoRestricted: ViewLoader = () => import("./views/geo-restricted-view");
const categories: ViewLoader = () => import("./views/categories-view");
const providers: ViewLoader = () => import("./views/providers-view");
const upcoming: ViewLoader = () => import("./views/upcoming-view");
const profileConfirmed: ViewLoader = () => import("./views/profile-confirmed-view");
const depositError: ViewLoader = () => import("./views/deposit-error-view");
const cancelDeposit: ViewLoader = () => import("./views/cancel-deposit-view");
const walletRegion: ViewLoader = () => import("./views/wallet-region-view");
const equivalentCurrency: ViewLoader = () => import("./views/equivalent-currency-view");
const limit: ViewLoader = () => import("./views/limit-view");
const gameLimitReached: ViewLoader = () => import("./views/game-limit-reached-view");
const demoGame: ViewLoader = () => import("./views/demo-game-view");
const mobileGame: ViewLoader = () => import("./views/mobile-game-view");
const betRule: ViewLoader = () => import("./views/bet-rule-view");
const quests: ViewLoader = () => import("../features/retention/quest-modals");
const loyalty: ViewLoader = () => import("../features/retention/loyalty-modals");
const bonus: ViewLoader = () => import("../features/bonus/bonus-modals");

/** The view of each modal key; keys sharing a view say so (MD-08, MD-09). */
const LOADERS: Partial<Record<KnownModalKey, ViewLoader>> = {
  "sign-in": signIn,
  "sign-up": signUp,
  "forgot-pass": forgotPass,
  "reset-pass": resetPass,
  wallet,
  // One success-style view for the three (MD-08).
  "deposit-success": depositResult,
  "deposit-pending": depositResult,
  "deposit-redirect": depositResult,
  "deposit-error": depositError,
  "cancel-deposit": cancelDeposit,
  "wallet-region": walletRegion,
  "equivalent-currency": equivalentCurrency,
  // One view for the three limit modals.
  "add-cash-limit": limit,
  "edit-cash-limit": limit,
  "self-exclusion-limit": limit,
  "game-limit-reached": gameLimitReached,
  // One confirm-action view for the three (MD-09).
  "change-active-bonus": confirmAction,
  "cancel-active-bonus": confirmAction,
  "cancel-issued-bonus": confirmAction,
  // One chunk for the other bonus modals and turn-over-wager.
  "wallet-bonus-info": bonus,
  "package-bonus": bonus,
  "bonus-details": bonus,
  "cancel-unsettled-bonus": bonus,
  "bonus-cancel-lock": bonus,
  "turn-over-wager": bonus,
  "geo-restricted-type": geoRestricted,
  "geo-restricted-game": geoRestricted,
  categories,
  providers,
  "profile-confirmed": profileConfirmed,
  "demo-game": demoGame,
  "mobile-game": mobileGame,
  // One view for the two bonus bet-rule modals (GM-12).
  "max-bets": betRule,
  "restricted-bets": betRule,
  // One chunk for the four quest modals, one for the two loyalty modals.
  "quests-hub": quests,
  "quest-tasks": quests,
  "quest-rewards": quests,
  "quest-task-games": quests,
  "loyalty-level": loyalty,
  "loyalty-earn": loyalty,
};

/** Modals whose features come in later issues show an honest placeholder in a real frame. */
function loaderFor(key: string): ViewLoader {
  return LOADERS[key as KnownModalKey] ?? upcoming;
}

const lazyViews = new Map<ViewLoader, LazyExoticComponent<ComponentType<ModalViewProps>>>();

/** The lazily loaded view component of a modal key. */
export function viewFor(key: string): LazyExoticComponent<ComponentType<ModalViewProps>> {
  const loader = loaderFor(key);
  let view = lazyViews.get(loader);
  if (!view) {
    view = lazy(loader);
    lazyViews.set(loader, view);
  }
  return view;
}

export const loadModalFrame = () => import("./modal-frame");

/** Starts loading a modal's frame and view (on open, or ahead of time when idle). */
export function preloadModal(key: string): void {
  void loadModalFrame().catch(() => undefined);
  void loaderFor(key)().catch(() => undefined);
}
