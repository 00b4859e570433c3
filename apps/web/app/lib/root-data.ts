import type { ContentGroup } from "@casino/contract/content";
import type { PublicSettings } from "@casino/contract/init";
import type { Locale } from "@casino/contract/settings";
import type { Session } from "./session/token-store";
import type { CollectionSummary } from "./site";

/** What the root loader returns (and meta functions read from the "root" match). */
export type RootData = {
  locale: string;
  defaultLocale: string;
  locales: Locale[];
  country: string | null;
  settings: PublicSettings;
  collections: CollectionSummary[];
  /** Current locale merged over the default locale, per key (LC-06). */
  content: Record<ContentGroup, Record<string, unknown>>;
  /** Absolute origin for canonical and alternate links. */
  origin: string;
  /** The request country is flagged restrict with restrictType 1 (GEO-01). */
  geoRestricted: boolean;
  /** The request country is flagged restrict with restrictType 2: no sign-in or sign-up. */
  authRestricted: boolean;
  /** Session from the token cookie at request time. */
  session: Session;
};

export function isRootData(value: unknown): value is RootData {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as RootData).locale === "string" &&
    typeof (value as RootData).content === "object"
  );
}
