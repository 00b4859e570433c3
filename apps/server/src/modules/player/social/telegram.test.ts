import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { telegramHash, verifyTelegramLogin } from "./telegram";

const BOT_TOKEN = "123456:test-bot-token";
const now = new Date("2026-11-22T12:00:00Z");
const authDate = String(Math.floor(now.getTime() / 1000) - 30);

function signed(fields: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  return { ...fields, hash: telegramHash(fields, token) };
}

describe("BE-17 messaging-app login (Telegram widget) signature check", () => {
  const user = { id: "42", first_name: "Ada", username: "ada", auth_date: authDate };

  it("accepts data signed with the bot token", () => {
    expect(verifyTelegramLogin(signed(user), BOT_TOKEN, now)).toEqual({
      id: "42",
      username: "ada",
      firstName: "Ada",
      lastName: null,
      authDate: Number(authDate),
    });
  });

  it("matches Telegram's documented data-check-string (sorted key=value lines)", () => {
    // Computed independently: HMAC-SHA256(SHA-256(token), "auth_date=…\nfirst_name=Ada\nid=42\nusername=ada").
    const check = `auth_date=${authDate}\nfirst_name=Ada\nid=42\nusername=ada`;
    const secret = createHash("sha256").update(BOT_TOKEN).digest();
    expect(telegramHash(user, BOT_TOKEN)).toBe(
      createHmac("sha256", secret).update(check).digest("hex"),
    );
  });

  it("refuses another bot's signature, a tampered field, an unknown field and a stale login", () => {
    expect(verifyTelegramLogin(signed(user, "999:other"), BOT_TOKEN, now)).toBeNull();
    expect(verifyTelegramLogin({ ...signed(user), id: "43" }, BOT_TOKEN, now)).toBeNull();
    expect(verifyTelegramLogin(signed({ ...user, admin: "1" }), BOT_TOKEN, now)).toBeNull();
    const old = { ...user, auth_date: String(Number(authDate) - 2 * 86_400) };
    expect(verifyTelegramLogin(signed(old), BOT_TOKEN, now)).toBeNull();
    const future = { ...user, auth_date: String(Number(authDate) + 3600) };
    expect(verifyTelegramLogin(signed(future), BOT_TOKEN, now)).toBeNull();
  });

  it("refuses any change of any field (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("id", "first_name", "username", "auth_date"),
        fc.string({ minLength: 1, maxLength: 12 }),
        (key, value) => {
          const data = signed(user);
          fc.pre(data[key] !== value);
          expect(verifyTelegramLogin({ ...data, [key]: value }, BOT_TOKEN, now)).toBeNull();
        },
      ),
    );
  });
});
