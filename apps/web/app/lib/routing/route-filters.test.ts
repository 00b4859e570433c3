import type { PublicSettings } from "@casino/contract/init";
import { describe, expect, it } from "vitest";
import { isRouteAvailable } from "./route-filters";

const settings: PublicSettings = {
  signIn: { tabsDisplay: "both" },
  signUp: { tabsDisplay: "both" },
  betting: { clientHost: null, clientId: null, gameId: 7, theme: "dark", customStyles: null },
  loyalty: { enabled: false },
  quests: { enabled: false },
  turnOverWager: { enabled: false },
  limits: { depositAllCurrencies: false },
  verification: { enabled: false, provider: null, hideDocuments: false },
  affiliateTagExpiration: 30,
  wallet: { showFilledFields: false, withdrawShowAllFields: false, depositDefaultDecline: false },
  chat: { provider: "builtin", guestAvailable: false, widgetUrl: null },
  tagManager: { scriptUrl: null },
  social: { providers: [], identityService: null, messagingApp: null },
};

describe("route filtering", () => {
  it("RT-28: betting needs both a client host and a client id", () => {
    expect(isRouteAvailable("betting", settings)).toBe(false);
    const hostOnly = {
      ...settings,
      betting: { ...settings.betting, clientHost: "https://sb.test" },
    };
    expect(isRouteAvailable("betting", hostOnly)).toBe(false);
    const both = {
      ...settings,
      betting: { ...settings.betting, clientHost: "https://sb.test", clientId: "c1" },
    };
    expect(isRouteAvailable("betting", both)).toBe(true);
    expect(isRouteAvailable("locale-betting", both)).toBe(true);
    expect(isRouteAvailable("locale-betting", settings)).toBe(false);
  });

  it("RT-28: betting also needs the sportsbook's catalogue game", () => {
    const noGame = {
      ...settings,
      betting: { ...settings.betting, clientHost: "https://sb.test", clientId: "c1", gameId: null },
    };
    expect(isRouteAvailable("betting", noGame)).toBe(false);
  });

  it("RT-29: loyalty only when enabled", () => {
    expect(isRouteAvailable("loyalty", settings)).toBe(false);
    expect(isRouteAvailable("locale-loyalty", { ...settings, loyalty: { enabled: true } })).toBe(
      true,
    );
  });

  it("RT-30: profile-documents is removed when verification is enabled and hides documents", () => {
    const hide = { enabled: true, provider: "kyc", hideDocuments: true };
    expect(isRouteAvailable("profile-documents", settings)).toBe(true);
    expect(isRouteAvailable("profile-documents", { ...settings, verification: hide })).toBe(false);
    expect(isRouteAvailable("locale-profile-documents", { ...settings, verification: hide })).toBe(
      false,
    );
    const shown = { ...hide, hideDocuments: false };
    expect(isRouteAvailable("profile-documents", { ...settings, verification: shown })).toBe(true);
    const disabled = { ...hide, enabled: false };
    expect(isRouteAvailable("profile-documents", { ...settings, verification: disabled })).toBe(
      true,
    );
  });

  it("other routes are never filtered", () => {
    expect(isRouteAvailable("games-id", settings)).toBe(true);
  });
});
