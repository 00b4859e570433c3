import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { KnownModalKey } from "./modal-definitions";
import type { ModalViewProps } from "./modal-view-props";

type View = LazyExoticComponent<ComponentType<ModalViewProps>>;

const SignIn = lazy(() => import("./views/sign-in-view"));
const SignUp = lazy(() => import("./views/sign-up-view"));
const ForgotPass = lazy(() => import("./views/forgot-pass-view"));
const ResetPass = lazy(() => import("./views/reset-pass-view"));
const Wallet = lazy(() => import("./views/wallet-view"));
const DepositResult = lazy(() => import("./views/deposit-result-view"));
const ConfirmAction = lazy(() => import("./views/confirm-action-view"));
const GeoRestricted = lazy(() => import("./views/geo-restricted-view"));
const Categories = lazy(() => import("./views/categories-view"));
const Providers = lazy(() => import("./views/providers-view"));
const Upcoming = lazy(() => import("./views/upcoming-view"));

/** The view of each modal key; keys sharing a view say so (MD-08, MD-09). */
const VIEWS: Partial<Record<KnownModalKey, View>> = {
  "sign-in": SignIn,
  "sign-up": SignUp,
  "forgot-pass": ForgotPass,
  "reset-pass": ResetPass,
  wallet: Wallet,
  // One success-style view for the three (MD-08).
  "deposit-success": DepositResult,
  "deposit-pending": DepositResult,
  "deposit-redirect": DepositResult,
  // One confirm-action view for the three (MD-09).
  "change-active-bonus": ConfirmAction,
  "cancel-active-bonus": ConfirmAction,
  "cancel-issued-bonus": ConfirmAction,
  "geo-restricted-type": GeoRestricted,
  "geo-restricted-game": GeoRestricted,
  categories: Categories,
  providers: Providers,
};

/** Modals whose features come in later issues show an honest placeholder in a real frame. */
export function viewFor(key: string): View {
  return VIEWS[key as KnownModalKey] ?? Upcoming;
}
