// The contract between the app shell (root loader, modal system) and the components that
// render inside it (layouts, header, drawer, pages). The root provides both contexts.
import type { ContentGroup } from "@casino/contract/content";
import type { PublicSettings } from "@casino/contract/init";
import type { Locale } from "@casino/contract/settings";
import { createContext, useContext } from "react";

export type CollectionSummary = { id: number; slug: string; name: string };

export type SiteData = {
  /** Current locale code, e.g. "en" or "pt-br". */
  locale: string;
  defaultLocale: string;
  locales: Locale[];
  /** Request country (ISO 3166-1 alpha-2) or null when unknown. */
  country: string | null;
  settings: PublicSettings;
  collections: CollectionSummary[];
  /** Content groups for the current locale with the default locale as per-key fallback. */
  content: Record<ContentGroup, Record<string, unknown>>;
  /**
   * Text from content: key is "<group>.<dotted.path>", e.g. "global-components.error.title".
   * Returns the fallback (or the key) when missing; `{name}` placeholders are replaced from vars.
   */
  t: (key: string, fallback?: string, vars?: Record<string, string | number>) => string;
  /** Prefixes an internal path with the current locale (none for the default locale). */
  href: (path: string) => string;
  session: { isLoggedIn: boolean; profileId: string | null };
  /** Absolute origin of the site (canonical and alternate links). */
  origin: string;
  /** The request country is flagged restrict with restrictType 1: geo-restricted layout. */
  geoRestricted: boolean;
  /** The request country is flagged restrict with restrictType 2: no sign-in or sign-up. */
  authRestricted: boolean;
};

export const SiteContext = createContext<SiteData | null>(null);

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite outside SiteContext");
  return site;
}

/** Modal keys of spec §2 (see app/modals/registry.ts for access rules and query names). */
export type ModalKey = string;

export type ModalApi = {
  /** Opens a modal on top of the stack; `value` is the query value (e.g. wallet: "deposit"). */
  open: (key: ModalKey, value?: string) => void;
  /** Closes the given modal, or the top one. */
  close: (key?: ModalKey) => void;
  /** Keys of the open modals, bottom first. */
  stack: readonly ModalKey[];
};

export const ModalContext = createContext<ModalApi | null>(null);

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModals outside ModalContext");
  return api;
}
