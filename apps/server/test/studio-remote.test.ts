// The in-house studio as a separate deployment: one app is the platform (listening on a real
// port), another, on its own database, runs only as the studio with STUDIO_PLATFORM_URL pointing
// at it. Rounds move money on the platform through signed HTTP calls alone.
import { afterAll, beforeAll, expect, it } from "vitest";
import { gamePlayer } from "./game-helpers";
import { createTestApp, type TestApp } from "./helpers";
import { FAST_HASH_ENV, type PlayerTestApp, TestClock } from "./player-helpers";

let platform: PlayerTestApp;
let studio: TestApp;
beforeAll(async () => {
  // Real clocks on both sides: signatures carry the studio's time, checked by the platform's.
  const app = await createTestApp({ ...FAST_HASH_ENV, COUNTRY_HEADER: "x-test-country" });
  platform = Object.assign(app, { clock: new TestClock() });
  const address = await platform.listen({ port: 0, host: "127.0.0.1" });
  studio = await createTestApp({
    STUDIO_PLATFORM_URL: address,
    GAME_PROVIDER_SECRETS: `originals=${platform.testConfig.gameProviderSecrets.originals}`,
  });
});
afterAll(async () => {
  await studio?.close();
  await platform?.close();
});

it("BE-32 a studio on its own database plays a real round through the platform's HTTP wallet API", async () => {
  const player = await gamePlayer(platform, { game: "dice", funds: "20.00" });
  const opened = await studio.inject({
    method: "POST",
    url: "/studio/api/sessions",
    payload: { gameCode: "dice", mode: "real", token: player.token },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  expect(opened.json().data).toMatchObject({ balance: "20.00", currency: "EUR" });
  const played = await studio.inject({
    method: "POST",
    url: "/studio/api/rounds",
    headers: { authorization: `Bearer ${opened.json().data.sessionToken}` },
    payload: {
      game: "dice",
      requestId: "remote-round-1",
      amount: "2.00",
      target: 5000,
      direction: "over",
    },
  });
  expect(played.statusCode, played.body).toBe(200);
  const { round, balance } = played.json().data;
  expect(round.state).toBe("settled");
  const payout = BigInt(round.payout.replace(".", ""));
  expect(BigInt(balance.replace(".", ""))).toBe(2000n - 200n + payout);
  // The money moved on the platform's database; the studio's has only its own rows.
  const [onPlatform] = await platform.testDb.query<{ status: string }>(
    "SELECT status FROM game_rounds WHERE provider_round_id = $1",
    [`studio:${round.id}`],
  );
  expect(onPlatform?.status).toBe("closed");
  const onStudio = await studio.testDb.query("SELECT 1 FROM game_rounds");
  expect(onStudio).toEqual([]);
  const [studioRound] = await studio.testDb.query<{ state: string }>(
    "SELECT state FROM studio_rounds WHERE id = $1",
    [round.id],
  );
  expect(studioRound?.state).toBe("settled");
});
