// Return addresses a client sends (lib/return-url.ts): a deposit's redirectSuccessUrl,
// redirectErrorUrl and redirectUrl are taken on the site's own origin (PUBLIC_URL) or an origin
// of RETURN_URL_ORIGINS, anything else is a 422 naming the field (the sandbox's hosted page would
// send the player's browser there); a game launch's returnUrl only as a path that no browser
// reads as another host. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_TEST_ENV } from "./game-helpers";
import { fieldsOf } from "./operator-helpers";
import { eurPlayer, referenceOf, sandboxDecision } from "./payment-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

const PARTNER = "https://pay.partner.example";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    ...GAME_TEST_ENV,
    SANDBOX_PAYMENTS: "true",
    RETURN_URL_ORIGINS: `${PARTNER}/`,
  });
});
afterAll(async () => app?.close());

describe("a deposit's return addresses", () => {
  it("are refused off the site's origin and the allow-list, field by field", async () => {
    const player = await eurPlayer(app);
    const deposit = (body: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/payment/invoices/deposit",
        headers: player.headers,
        payload: {
          method: "sandbox-card",
          currency: "EUR",
          accountId: player.account.id,
          amount: "10",
          ...body,
        },
      });
    const refused = [
      "https://evil.example/profile/wallet",
      "//evil.example/profile/wallet",
      "/\\evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      `${app.testConfig.publicUrl}.evil.example/`,
      `https://user@${new URL(app.testConfig.publicUrl).host}/`,
      "https://pay.partner.example.evil/",
    ];
    for (const url of refused) {
      const response = await deposit({ redirectSuccessUrl: url, redirectErrorUrl: url });
      expect(Object.keys(fieldsOf(response)).sort(), url).toEqual([
        "redirectErrorUrl",
        "redirectSuccessUrl",
      ]);
      expect(Object.keys(fieldsOf(await deposit({ redirectUrl: url }))), url).toEqual([
        "redirectUrl",
      ]);
    }
    // Nothing was created by the refusals.
    const invoices = await app.inject({ url: "/api/payment/invoices", headers: player.headers });
    expect(invoices.json().data).toEqual([]);

    // The site's own origin and the allow-list are taken, and the browser is sent there.
    const success = `${app.testConfig.publicUrl}/profile/wallet?deposit=success`;
    const created = await deposit({
      redirectSuccessUrl: success,
      redirectErrorUrl: `${PARTNER}/back?deposit=error`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const decided = await sandboxDecision(
      app,
      await referenceOf(app, created.json().data.invoiceId),
      "approve",
    );
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(success);
  });
});

describe("a game launch's returnUrl", () => {
  it("is a path of this site only: //host, /\\host and their encoded or tab-split forms are a 422", async () => {
    const player = await eurPlayer(app);
    const play = (returnUrl: string) =>
      app.inject({
        method: "POST",
        url: "/api/game/games/gold-rush/play",
        headers: player.headers,
        payload: { mode: "real", returnUrl },
      });
    for (const returnUrl of [
      "/%2F/evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example",
      "/\\evil.example",
      "//evil.example",
    ]) {
      expect(Object.keys(fieldsOf(await play(returnUrl))), returnUrl).toEqual(["returnUrl"]);
    }
    const launched = await play("/games/gold-rush?from=lobby");
    expect(launched.statusCode, launched.body).toBe(200);
  });
});
