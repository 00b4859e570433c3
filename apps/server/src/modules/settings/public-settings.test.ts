import { describe, expect, it } from "vitest";
import {
  assemblePublicSettings,
  publicSettingDefs,
  resolvePublicSettingValues,
} from "./public-settings";

describe("public settings", () => {
  it("BE-07 the defaults: betting unset, loyalty, quests and turn-over on, sandbox verification", () => {
    const settings = assemblePublicSettings(resolvePublicSettingValues({}, {}));
    expect(settings.betting).toEqual({
      clientHost: null,
      clientId: null,
      gameId: null,
      theme: "dark",
      customStyles: null,
    });
    expect(settings.loyalty.enabled && settings.quests.enabled).toBe(true);
    expect(settings.turnOverWager.enabled).toBe(true);
    expect(settings.verification).toEqual({
      enabled: true,
      provider: "sandbox",
      hideDocuments: false,
    });
    expect(settings.signIn.tabsDisplay).toBe("both");
    expect(settings.affiliateTagExpiration).toBe(30);
  });

  it("override beats stored, stored beats default, invalid stored falls back", () => {
    const invalid: string[] = [];
    const values = resolvePublicSettingValues(
      { "loyalty.enabled": false, "quests.enabled": "yes", "signIn.tabsDisplay": "email" },
      { "signIn.tabsDisplay": "phone" },
      (key) => invalid.push(key),
    );
    expect(values["loyalty.enabled"]).toBe(false);
    expect(values["quests.enabled"]).toBe(true);
    expect(values["signIn.tabsDisplay"]).toBe("phone");
    expect(invalid).toEqual(["quests.enabled"]);
  });

  it("every definition's default satisfies its own schema", () => {
    for (const def of publicSettingDefs) {
      expect(def.schema.safeParse(def.default).success, def.key).toBe(true);
    }
  });
});
