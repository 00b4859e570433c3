// Issue 31 item 9: nicknames keep to the contract's rules (422 with error.fields.nickname), and
// with the operator's `nickname.unique` setting they are unique whatever their letter case.
import { NICKNAME_MESSAGES } from "@casino/contract/nickname";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  freshEmail,
  freshIp,
  json,
  type PlayerTestApp,
  registerByEmail,
  registrationBody,
  type Tokens,
} from "./player-helpers";

describe("nicknames", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const register = (overrides: Record<string, unknown>) =>
    app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody(overrides),
      remoteAddress: freshIp(),
    });
  const update = (tokens: Tokens, payload: Record<string, unknown>) =>
    app.inject({
      method: "PUT",
      url: "/api/player/profile",
      payload,
      headers: bearer(tokens.accessToken),
    });
  const profileOf = async (tokens: Tokens) =>
    json<{ data: { nickname: string | null } }>(
      await app.inject({
        method: "GET",
        url: "/api/player/profile",
        headers: bearer(tokens.accessToken),
      }),
    ).data;
  const setUnique = (on: boolean) =>
    app.testDb.query(
      `INSERT INTO site_settings (key, value, description) VALUES ('nickname.unique', $1::jsonb, '')
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify(on)],
    );
  const fieldsOf = (response: { json: () => unknown }) =>
    expectErrorBody(response.json()).error.fields ?? {};

  it("SU-14 BE-09 refuses a nickname with markup, emoji or 250 characters: 422 on the field", async () => {
    for (const nickname of ["<b>Ace</b>", "Lucky🎉", "x".repeat(250), "ab"]) {
      const response = await register({ nickname });
      expect(response.statusCode, nickname).toBe(422);
      expect(Object.keys(fieldsOf(response)), nickname).toEqual(["nickname"]);
    }
    const ok = await register({ nickname: "  Jörg_99  " });
    expect(ok.statusCode).toBe(201);
    expect((await profileOf(json<{ data: Tokens }>(ok).data)).nickname).toBe("Jörg_99");
  });

  it("SU-14 a nickname made from the e-mail keeps to the rules", async () => {
    const email = `fan+${freshEmail()}`;
    const response = await register({ email });
    expect(response.statusCode).toBe(201);
    const nickname = (await profileOf(json<{ data: Tokens }>(response).data)).nickname;
    expect(nickname).toBe(email.split("@")[0]!.replace("+", " "));
  });

  it("PR-02 BE-20 the profile refuses a bad nickname and stores a good one", async () => {
    const { tokens } = await registerByEmail(app);
    const bad = await update(tokens, { nickname: "<i>Ana</i>" });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad).nickname).toEqual([NICKNAME_MESSAGES.characters]);
    const good = await update(tokens, { nickname: "Ana-Maria" });
    expect(good.statusCode).toBe(200);
    expect((await profileOf(tokens)).nickname).toBe("Ana-Maria");
  });

  it("SU-14 PR-02 unique nicknames are an operator setting, compared case-insensitively", async () => {
    const taken = `Neo${Date.now() % 100000}`;
    await setUnique(false);
    expect((await register({ nickname: taken })).statusCode).toBe(201);
    // Off (the default): the same nickname is allowed twice.
    expect((await register({ nickname: taken })).statusCode).toBe(201);

    await setUnique(true);
    try {
      const again = await register({ nickname: taken.toUpperCase() });
      expect(again.statusCode).toBe(422);
      expect(fieldsOf(again).nickname).toEqual([NICKNAME_MESSAGES.taken]);

      const { tokens } = await registerByEmail(app, { nickname: `Solo${Date.now() % 100000}` });
      const clash = await update(tokens, { nickname: taken.toLowerCase() });
      expect(clash.statusCode).toBe(422);
      expect(fieldsOf(clash).nickname).toEqual([NICKNAME_MESSAGES.taken]);
      // Changing the letter case of one's own nickname is no clash.
      const own = (await profileOf(tokens)).nickname!;
      expect((await update(tokens, { nickname: own.toUpperCase() })).statusCode).toBe(200);

      // Two sign-ups racing for one free nickname: exactly one gets it.
      const fresh = `Race${Date.now() % 100000}`;
      const raced = await Promise.all([
        register({ nickname: fresh }),
        register({ nickname: fresh }),
      ]);
      expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 422]);

      // A nickname made from a taken e-mail local part gets a number instead of failing.
      const local = `twin${Date.now() % 100000}`;
      const first = await register({ email: `${local}@one.example.com` });
      const second = await register({ email: `${local}@two.example.com` });
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect((await profileOf(json<{ data: Tokens }>(first).data)).nickname).toBe(local);
      expect((await profileOf(json<{ data: Tokens }>(second).data)).nickname).toMatch(
        new RegExp(`^${local}_\\d{4}$`),
      );
    } finally {
      await setUnique(false);
    }
  });
});
