import { describe, expect, it } from "vitest";
import { GUEST_MODALS, getModal, MODALS, OPEN_MODALS, PLAYER_MODALS } from "./modal-definitions";
import {
  canOpen,
  changedParams,
  MODAL_TRANSITION_MS,
  modalZIndex,
  queryValueFor,
  resolveModalQuery,
  restrictedSubstitute,
} from "./modal-rules";

function definition(key: string) {
  const found = getModal(key);
  if (!found) throw new Error(`no modal ${key}`);
  return found;
}

describe("modal registry", () => {
  it("MD-05..MD-07: holds every modal key of the spec with its access rule", () => {
    expect(MODALS.size).toBe(GUEST_MODALS.length + PLAYER_MODALS.length + OPEN_MODALS.length);
    expect(MODALS.size).toBe(41);
    for (const key of GUEST_MODALS) expect(definition(key).access).toBe("guest");
    for (const key of PLAYER_MODALS) expect(definition(key).access).toBe("player");
    for (const key of OPEN_MODALS) expect(definition(key).access).toBe("anyone");
  });

  it("MD-05: a player cannot open guest-only modals; MD-06: a guest cannot open player-only ones", () => {
    expect(canOpen(definition("sign-in"), true)).toBe(false);
    expect(canOpen(definition("sign-in"), false)).toBe(true);
    expect(canOpen(definition("wallet"), false)).toBe(false);
    expect(canOpen(definition("wallet"), true)).toBe(true);
    expect(canOpen(definition("providers"), false)).toBe(true);
    expect(canOpen(definition("providers"), true)).toBe(true);
  });

  it("MD-10, MD-11: close on Escape and outside click by default; sign-in and sign-up not on outside click", () => {
    expect(definition("wallet")).toMatchObject({ closeOnEscape: true, closeOnOutsideClick: true });
    expect(definition("sign-in")).toMatchObject({
      closeOnEscape: true,
      closeOnOutsideClick: false,
    });
    expect(definition("sign-up")).toMatchObject({
      closeOnEscape: true,
      closeOnOutsideClick: false,
    });
  });

  it("MD-01: query modals write their parameter; wallet only deposit or withdraw", () => {
    expect(queryValueFor(definition("sign-in"), undefined)).toBe("true");
    expect(queryValueFor(definition("wallet"), "withdraw")).toBe("withdraw");
    expect(queryValueFor(definition("wallet"), "bogus")).toBe("deposit");
    expect(queryValueFor(definition("deposit-error"), undefined)).toBeNull();
  });

  it("MD-02: a guest on /?sign-in=true gets sign-in", () => {
    expect(resolveModalQuery("?sign-in=true", false)).toEqual({
      open: [{ key: "sign-in", value: "true" }],
      remove: [],
    });
  });

  it("MD-03: queries not allowed for the visitor are removed and nothing opens", () => {
    expect(resolveModalQuery("?wallet=deposit&x=1", false)).toEqual({
      open: [],
      remove: ["wallet"],
    });
    expect(resolveModalQuery("?sign-up=true", true)).toEqual({ open: [], remove: ["sign-up"] });
  });

  it("MD-04: wallet opens only with deposit or withdraw", () => {
    expect(resolveModalQuery("?wallet=withdraw", true).open).toEqual([
      { key: "wallet", value: "withdraw" },
    ]);
    expect(resolveModalQuery("?wallet=foo", true)).toEqual({ open: [], remove: ["wallet"] });
    expect(resolveModalQuery("?wallet=", true)).toEqual({ open: [], remove: ["wallet"] });
  });

  it("only looks at the parameters it is asked about", () => {
    expect(resolveModalQuery("?sign-in=true", false, new Set(["wallet"]))).toEqual({
      open: [],
      remove: [],
    });
    expect(changedParams("?sign-in=true&a=1", "?a=2", ["sign-in", "wallet"])).toEqual(
      new Set(["sign-in"]),
    );
  });

  it("MD-12, MD-14: z-index 1000 + 2 × level; 250 ms transition", () => {
    expect(modalZIndex(0)).toBe(1000);
    expect(modalZIndex(1)).toBe(1002);
    expect(modalZIndex(3)).toBe(1006);
    expect(MODAL_TRANSITION_MS).toBe(250);
  });
});

describe("restricted countries", () => {
  it("GEO-03, GEO-04: with restrictType 2, sign-in and sign-up give geo-restricted-type", () => {
    expect(restrictedSubstitute("sign-in", true)).toBe("geo-restricted-type");
    expect(restrictedSubstitute("sign-up", true)).toBe("geo-restricted-type");
    expect(restrictedSubstitute("forgot-pass", true)).toBe("forgot-pass");
    expect(restrictedSubstitute("sign-in", false)).toBe("sign-in");
  });
});
