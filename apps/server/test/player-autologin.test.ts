import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playersRepository } from "../src/modules/player/repository";
import { createLoginLink } from "../src/modules/player/token-login";
import { expectErrorBody, ipv4InCountry } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  freshIp,
  json,
  type PlayerTestApp,
  type Tokens,
} from "./player-helpers";

describe("POST /api/player/sessions/token (auto-login)", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const linkFor = async (email: string) => {
    const player = await playersRepository(app.testDb).findByEmail(email);
    return createLoginLink(app.testDb, {
      playerId: player!.id,
      publicUrl: app.testConfig.publicUrl,
      now: app.clock.now(),
    });
  };
  const signInWithToken = (token: string, ip = freshIp()) =>
    app.inject({
      method: "POST",
      url: "/api/player/sessions/token",
      payload: { token, fingerprint: "fp-auto" },
      remoteAddress: ip,
    });

  it("API-11 SI-28 BE-16 a login link signs the player in once", async () => {
    const link = await linkFor("demo@example.com");
    expect(link.url).toBe(`http://127.0.0.1:3000/auth/autologin?token=${link.token}`);
    const response = await signInWithToken(link.token);
    expect(response.statusCode).toBe(201);
    const tokens = json<{ data: Tokens }>(response).data;
    const profile = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(json<{ data: { email: string } }>(profile).data.email).toBe("demo@example.com");
    const session = await app.testDb.query<{ method: string; fingerprint: string }>(
      "SELECT method, fingerprint FROM player_sessions WHERE player_id = $1 ORDER BY created_at DESC LIMIT 1",
      [tokens.profileId],
    );
    expect(session[0]).toEqual({ method: "token", fingerprint: "fp-auto" });

    const again = await signInWithToken(link.token);
    expect(again.statusCode).toBe(400);
    expect(expectErrorBody(again.json()).error.code).toBe(11030);
  });

  it("BE-16 a link expires after ten minutes; an unknown token is 11030", async () => {
    const link = await linkFor("demo@example.com");
    app.clock.advance(601);
    expect(expectErrorBody((await signInWithToken(link.token)).json()).error.code).toBe(11030);
    expect(expectErrorBody((await signInWithToken("nope")).json()).error.code).toBe(11030);
    expect((await signInWithToken("")).statusCode).toBe(422);
  });

  it("BE-16 a blocked player is refused with 11040; a restricted country with 11010", async () => {
    const blocked = await linkFor("blocked@example.com");
    const response = await signInWithToken(blocked.token);
    expect(response.statusCode).toBe(403);
    expect(expectErrorBody(response.json()).error.code).toBe(11040);
    const link = await linkFor("demo@example.com");
    const restricted = await signInWithToken(link.token, ipv4InCountry("CU"));
    expect(expectErrorBody(restricted.json()).error.code).toBe(11010);
  });
});
