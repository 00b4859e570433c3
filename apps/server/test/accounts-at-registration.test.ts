// Issue 31 item 13: a player's first wallet account opens with the account itself, so an API
// client that launches a game before ever reading the wallet behaves as the site does; and a
// real-money launch in another switched-on currency opens that account on first use.
import { GameLaunchResponse } from "@casino/contract/game";
import { WalletAccountList } from "@casino/contract/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ COUNTRY_HEADER: "x-test-country" });
});
afterAll(async () => app?.close());

async function newPlayer(currency: string) {
  const { tokens } = await registerByEmail(app, { currency });
  return { authorization: `Bearer ${tokens.accessToken}`, "x-test-country": "BR" };
}

function play(headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: "/api/game/games/gold-rush/play",
    headers,
    payload: { mode: "real", ...body },
  });
}

async function accounts(headers: Record<string, string>) {
  const response = await app.inject({ url: "/api/wallet/accounts", headers });
  expect(response.statusCode, response.body).toBe(200);
  return WalletAccountList.parse(response.json()).data.map((a) => [a.currency, a.status === 1]);
}

describe("wallet accounts from the first call", () => {
  it("a player registered in USD launches a real game before reading the wallet", async () => {
    const headers = await newPlayer("USD");
    const launch = await play(headers, {});
    expect(launch.statusCode, launch.body).toBe(200);
    expect(GameLaunchResponse.parse(launch.json()).data.currency).toBe("USD");
    expect(await accounts(headers)).toEqual([["USD", true]]);
  });

  it("naming the registration currency works before any wallet read too", async () => {
    const headers = await newPlayer("CAD");
    const launch = await play(headers, { currency: "CAD" });
    expect(launch.statusCode, launch.body).toBe(200);
    expect(GameLaunchResponse.parse(launch.json()).data.currency).toBe("CAD");
  });

  it("a launch in another switched-on currency opens that account; the active one stays", async () => {
    const headers = await newPlayer("EUR");
    const launch = await play(headers, { currency: "GBP" });
    expect(launch.statusCode, launch.body).toBe(200);
    expect(GameLaunchResponse.parse(launch.json()).data.currency).toBe("GBP");
    expect((await accounts(headers)).sort()).toEqual([
      ["EUR", true],
      ["GBP", false],
    ]);
  });

  it("a currency the site does not offer opens nothing and says why", async () => {
    const headers = await newPlayer("EUR");
    const launch = await play(headers, { currency: "XYZ" });
    expect(launch.statusCode).toBe(422);
    expect(expectErrorBody(launch.json()).error.fields?.currency).toBeDefined();
    expect(await accounts(headers)).toEqual([["EUR", true]]);
  });
});
