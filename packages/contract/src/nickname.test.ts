import { describe, expect, it } from "vitest";
import {
  graphemes,
  maskNickname,
  NICKNAME_MESSAGES,
  nicknameFrom,
  nicknameProblem,
} from "./nickname";
import { ProfileUpdateBody, RegisterBody } from "./player";

describe("nickname rules (issue 31 item 9)", () => {
  it("SU-14 PR-02 accepts letters of any script and digits joined by single separators", () => {
    for (const ok of ["Ace", "jane.doe", "Jörg_99", "ana-maria", "Zoë Li", "玩家一号", "José"]) {
      expect(nicknameProblem(ok), ok).toBeNull();
    }
  });

  it("SU-14 PR-02 refuses markup, emoji, symbols, stray separators and the wrong length", () => {
    expect(nicknameProblem("<b>bold</b>")).toBe(NICKNAME_MESSAGES.characters);
    expect(nicknameProblem("lucky🎉")).toBe(NICKNAME_MESSAGES.characters);
    expect(nicknameProblem("a  b c")).toBe(NICKNAME_MESSAGES.characters);
    expect(nicknameProblem(".dot")).toBe(NICKNAME_MESSAGES.characters);
    expect(nicknameProblem("zero\u200bwidth")).toBe(NICKNAME_MESSAGES.characters);
    expect(nicknameProblem("ab")).toBe(NICKNAME_MESSAGES.short);
    expect(nicknameProblem("a".repeat(25))).toBe(NICKNAME_MESSAGES.long);
    expect(nicknameProblem("x".repeat(250))).toBe(NICKNAME_MESSAGES.long);
    // Combining marks count with their letter, but cannot pile up without end.
    expect(nicknameProblem(`Ze\u0301ro`)).toBeNull();
    expect(nicknameProblem(`Zal${"\u0301".repeat(200)}go`)).toBe(NICKNAME_MESSAGES.long);
  });

  it("SU-14 the contract trims, allows an empty nickname and names the field on a bad one", () => {
    expect(RegisterBody.parse({ nickname: "  Ace  " }).nickname).toBe("Ace");
    expect(RegisterBody.safeParse({ nickname: "" }).success).toBe(true);
    const bad = RegisterBody.safeParse({ nickname: "<script>x</script>" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["nickname"],
      message: NICKNAME_MESSAGES.characters,
    });
    expect(ProfileUpdateBody.safeParse({ nickname: "💰".repeat(250) }).success).toBe(false);
    expect(ProfileUpdateBody.safeParse({ nickname: null }).success).toBe(true);
  });

  it("SU-14 a nickname made from an e-mail or a display name keeps to the rules", () => {
    expect(nicknameFrom("jane.doe+casino")).toBe("jane.doe casino");
    expect(nicknameFrom("Lucky 🎉 Star")).toBe("Lucky Star");
    expect(nicknameFrom("__a__")).toBeNull();
    expect(nicknameFrom("🎉🎉🎉")).toBeNull();
    const long = nicknameFrom("averyveryverylongnamethatgoesonandon");
    expect(long && graphemes(long).length).toBe(24);
  });

  it("GM-10 masks by grapheme and never cuts an emoji in half", () => {
    expect(maskNickname("Adam")).toBe("A**m");
    expect(maskNickname("Al")).toBe("A*");
    expect(maskNickname("")).toBe("**");
    expect(maskNickname("🎉party🎉")).toBe("🎉*****🎉");
    expect(maskNickname("👨‍👩‍👧x👍🏽")).toBe("👨‍👩‍👧*👍🏽");
    const masked = maskNickname("🇩🇪 Fan 🇧🇷");
    expect(masked.startsWith("🇩🇪")).toBe(true);
    expect(masked.endsWith("🇧🇷")).toBe(true);
    expect(masked).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
