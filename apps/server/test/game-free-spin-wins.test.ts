// Issue 24: a provider wallet win pays free spins only when the platform granted them. A win
// naming a freeSpinsId the platform did not issue to that player (for that game and currency,
// with spins left) is refused with 400/15013 and moves nothing, alone or in a batch; a granted
// spin is paid to the grant (bonus money with its own wagering), and replays answer the same.
import { ProviderWalletError } from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { issueBonus } from "../src/modules/bonus/issue-bonus";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { GAME_TEST_ENV, gamePlayer, providerCall, providerId } from "./game-helpers";
import { expectErrorBody } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp(GAME_TEST_ENV);
  // The seeded free-spins bonus (fruit-lines of the in-house studio), with 2 spins.
  await app.testDb.query(
    `UPDATE bonuses SET assign_conditions = '{"presets":{"quantity":2}}' WHERE slug = 'welcome-3'`,
  );
});
afterAll(async () => app?.close());

const ctxOf = () => ({ db: app.testDb, now: app.clock.now }) as unknown as AppContext;
type Player = Awaited<ReturnType<typeof gamePlayer>>;

/** A win at the in-house studio's provider (fruit-lines' provider), signed with its secret. */
function originalsWin(p: Player, body: Record<string, unknown>) {
  return providerCall(
    app,
    "win",
    {
      token: p.token,
      transactionId: providerId("fs-win"),
      roundId: providerId("fs-round"),
      currency: "EUR",
      closeRound: true,
      ...body,
    },
    { provider: "originals", secret: app.testConfig.gameProviderSecrets.originals! },
  );
}

async function wallet(p: Player) {
  const response = await app.inject({ url: "/api/wallet/accounts", headers: p.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0] as {
    balance: string;
    withdrawalBalance: string;
    bonusBalance: string;
  };
}

/** Two activated free spins of fruit-lines for the player; returns their freeSpinsId. */
async function grantSpins(p: Player): Promise<string> {
  const [bonus] = await app.testDb.query<{ id: number }>(
    "SELECT id FROM bonuses WHERE slug = 'welcome-3'",
  );
  const issued = await app.testDb.transaction((tx) =>
    issueBonus(tx, ctxOf(), {
      playerId: p.tokens.profileId,
      bonusId: bonus!.id,
      currency: "EUR",
      source: `test:${providerId("grant")}`,
    }),
  );
  expect(issued?.kind).toBe("freespins");
  const activated = await app.inject({
    method: "PUT",
    url: `/api/game/player-freespins/${issued!.id}/activate`,
    headers: p.headers,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return `freespins-${issued!.id}`;
}

function expectUnknownFreeSpins(response: Awaited<ReturnType<typeof providerCall>>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(expectErrorBody(response.json()).error.code).toBe(ProviderWalletError.UnknownFreeSpins);
}

describe("free-spin wins the platform never granted (issue 24)", () => {
  it("BE-32 a win of 1000.00 with a freeSpinsId the platform never issued is 400/15013 and moves nothing, even for a self-excluded player", async () => {
    const p = await gamePlayer(app, { game: "fruit-lines", funds: "5.00" });
    const excluded = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: p.headers,
      payload: { definition: 4, months: null },
    });
    expect(excluded.statusCode, excluded.body).toBe(201);
    const before = await wallet(p);
    const body = { amount: "1000.00", freeSpinsId: "bogus-1" };
    expectUnknownFreeSpins(await originalsWin(p, body));
    // The same call again (same transaction id) is refused again, never paid.
    const again = { ...body, transactionId: providerId("fs-win"), roundId: providerId("fs-r") };
    expectUnknownFreeSpins(await originalsWin(p, again));
    expectUnknownFreeSpins(await originalsWin(p, again));
    expect(await wallet(p)).toEqual(before);
    expect(before.withdrawalBalance).toBe("5.00");
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 a grant pays only its own player, game and count; its wins become bonus money with wagering and a replay answers the same", async () => {
    const p = await gamePlayer(app, { game: "fruit-lines", funds: "0" });
    const freeSpinsId = await grantSpins(p);
    const other = await gamePlayer(app, { game: "fruit-lines", funds: "0" });
    // Another player's session naming this grant: refused.
    expectUnknownFreeSpins(await originalsWin(other, { amount: "3.00", freeSpinsId }));
    // The same player in another game of the same studio: refused.
    const otherGame = await gamePlayer(app, { tokens: p.tokens, game: "dice", funds: "0" });
    expectUnknownFreeSpins(await originalsWin(otherGame, { amount: "3.00", freeSpinsId }));

    const first = { transactionId: providerId("fs-win"), roundId: providerId("fs-round") };
    const paid = await originalsWin(p, { ...first, amount: "1.50", freeSpinsId });
    expect(paid.statusCode, paid.body).toBe(200);
    // Held for the grant until its last spin: the balance does not grow yet.
    expect(paid.json().data).toMatchObject({ balance: "0.00", replay: false });
    const last = await originalsWin(p, { amount: "0.70", freeSpinsId });
    expect(last.statusCode, last.body).toBe(200);
    // Both spins reported: a third win on the grant is refused, a replay of the first answers.
    expectUnknownFreeSpins(await originalsWin(p, { amount: "5.00", freeSpinsId }));
    const replay = await originalsWin(p, { ...first, amount: "1.50", freeSpinsId });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data).toMatchObject({ balance: "0.00", replay: true });

    const after = await wallet(p);
    expect(after).toMatchObject({ withdrawalBalance: "0.00", bonusBalance: "2.20" });
    expect((await wallet(other)).balance).toBe("0.00");
    const bonuses = await app.inject({ url: "/api/game/player-bonuses", headers: p.headers });
    const winnings = (bonuses.json().data as { amount: string; wagerTotal: string }[]).find(
      (bonus) => bonus.amount === "2.20",
    );
    expect(Number(winnings?.wagerTotal)).toBeGreaterThan(0);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 in a batch: bogus free-spin wins of many players sent at once are each refused, a granted spin among them is paid", async () => {
    const group = await Promise.all(
      Array.from({ length: 8 }, () => gamePlayer(app, { game: "fruit-lines", funds: "1.00" })),
    );
    const granted = await gamePlayer(app, { game: "fruit-lines", funds: "0" });
    const freeSpinsId = await grantSpins(granted);
    const answers = await Promise.all([
      ...group.map((p, index) =>
        originalsWin(p, {
          amount: "1000.00",
          freeSpinsId: index % 2 === 0 ? "bogus-1" : freeSpinsId,
        }),
      ),
      originalsWin(granted, { amount: "2.00", freeSpinsId }),
    ]);
    for (const answer of answers.slice(0, group.length)) expectUnknownFreeSpins(answer);
    expect(answers[group.length]!.statusCode, answers[group.length]!.body).toBe(200);
    for (const p of group) {
      expect(await wallet(p)).toMatchObject({ balance: "1.00", withdrawalBalance: "1.00" });
    }
    const [spins] = (
      await app.inject({ url: "/api/game/player-freespins", headers: granted.headers })
    ).json().data;
    expect(spins).toMatchObject({ played: 1, winAmount: "2.00" });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});
