import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  json,
  type PlayerTestApp,
  registerByEmail,
} from "./player-helpers";

describe("profile", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const update = (accessToken: string, payload: Record<string, unknown>) =>
    app.inject({
      method: "PUT",
      url: "/api/player/profile",
      payload,
      headers: bearer(accessToken),
    });

  it("API-20 PR-02 BE-20 stores editable profile fields and returns the profile", async () => {
    const { tokens } = await registerByEmail(app);
    const response = await update(tokens.accessToken, {
      firstName: "Ada",
      lastName: "Lovelace",
      birthdate: "1990-2-28",
      city: "London",
      timeZone: "Europe/Berlin",
      phone: "4915123450001",
      country: "AT",
      receiveSmsPromo: "1",
      gender: "",
    });
    expect(response.statusCode).toBe(200);
    expect(json<{ data: Record<string, unknown> }>(response).data).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      birthdate: "1990-2-28",
      city: "London",
      timeZone: "Europe/Berlin",
      phone: "+4915123450001",
      country: "AT",
      receiveSmsPromo: true,
      gender: null,
    });
    const again = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(json<{ data: { firstName: string } }>(again).data.firstName).toBe("Ada");
  });

  it("BE-08 checks changed fields with the same rules (422 with error.fields)", async () => {
    const { tokens } = await registerByEmail(app);
    const response = await update(tokens.accessToken, {
      firstName: "A",
      birthdate: "2023-2-29",
      phone: "+12",
      country: "ZZ",
      timeZone: "Mars/Olympus",
    });
    expect(response.statusCode).toBe(422);
    expect(expectErrorBody(response.json()).error.fields).toEqual({
      firstName: ["This field should be at least 2 characters long"],
      birthdate: ["The value is not a valid date"],
      phone: ["The value is not a valid phone number"],
      country: ["The selected country is invalid"],
      timeZone: ["The selected time zone is invalid"],
    });
  });

  it("BE-08 fields that are not editable or not visible cannot change", async () => {
    const { tokens } = await registerByEmail(app);
    const response = await update(tokens.accessToken, {
      email: "new@example.com",
      currency: "USD",
      cpf_number: "52998224725",
      locale: "de",
    });
    expect(response.statusCode).toBe(422);
    expect(expectErrorBody(response.json()).error.fields).toEqual({
      email: ["This field cannot be changed"],
      currency: ["This field cannot be changed"],
      cpf_number: ["This field cannot be changed"],
      locale: ["This field cannot be changed"],
    });
    const unknown = await update(tokens.accessToken, { status: 1 });
    expect(unknown.statusCode).toBe(422);
  });

  it("BE-19 when the operator makes the e-mail editable, a new address is unconfirmed and gets a link", async () => {
    const { tokens } = await registerByEmail(app);
    await app.testDb.query(
      "UPDATE field_descriptors SET editable = true WHERE scenario = 'profile' AND name = 'email'",
    );
    try {
      const response = await update(tokens.accessToken, { email: "changed-address@example.com" });
      expect(response.statusCode).toBe(200);
      expect(
        json<{ data: { email: string; emailConfirmed: boolean } }>(response).data,
      ).toMatchObject({
        email: "changed-address@example.com",
        emailConfirmed: false,
      });
      const mail = await app.testDb.query<{ link: string }>(
        "SELECT link FROM outbox_messages WHERE recipient = $1",
        ["changed-address@example.com"],
      );
      expect(mail[0]?.link).toMatch(/\/verify\//);
      const taken = await update(tokens.accessToken, { email: "DEMO@example.com" });
      expect(expectErrorBody(taken.json()).error.fields?.email).toEqual([
        "The email has already been taken",
      ]);
    } finally {
      await app.testDb.query(
        "UPDATE field_descriptors SET editable = false WHERE scenario = 'profile' AND name = 'email'",
      );
    }
  });

  it("BE-08 a phone held by another player is refused", async () => {
    const first = await registerByEmail(app, { phone: "4915123450002" });
    const second = await registerByEmail(app);
    const response = await update(second.tokens.accessToken, { phone: "+4915123450002" });
    expect(response.statusCode).toBe(422);
    expect(expectErrorBody(response.json()).error.fields?.phone).toEqual([
      "The phone has already been taken",
    ]);
    expect(first.tokens.profileId).not.toBe(second.tokens.profileId);
  });

  it("API-20 BE-20 {freshchatRestoreId} and {pwaInstalled} alone are always accepted", async () => {
    const { tokens } = await registerByEmail(app);
    const chat = await update(tokens.accessToken, { freshchatRestoreId: "restore-123" });
    expect(chat.statusCode).toBe(200);
    expect(json<{ data: { freshchatRestoreId: string } }>(chat).data.freshchatRestoreId).toBe(
      "restore-123",
    );
    const pwa = await update(tokens.accessToken, { pwaInstalled: true });
    expect(json<{ data: { pwaInstalled: boolean } }>(pwa).data.pwaInstalled).toBe(true);
    const bad = await update(tokens.accessToken, { pwaInstalled: "yes" });
    expect(bad.statusCode).toBe(422);
  });

  it("API-19 the profile carries id, email, nickname, names, status, freshchatRestoreId, pwaInstalled, isNewlyRegistered, phone, country", async () => {
    const { tokens, email } = await registerByEmail(app);
    const response = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const profile = json<{ data: Record<string, unknown> }>(response).data;
    expect(profile).toMatchObject({
      id: tokens.profileId,
      email,
      status: 1,
      pwaInstalled: false,
      isNewlyRegistered: expect.any(Boolean),
    });
    for (const key of [
      "nickname",
      "firstName",
      "lastName",
      "freshchatRestoreId",
      "phone",
      "country",
    ]) {
      expect(profile).toHaveProperty(key);
    }
  });

  it("BE-20 status 2 (limited) is reported", async () => {
    const { tokens } = await registerByEmail(app);
    await app.testDb.query("UPDATE players SET status = 2 WHERE id = $1", [tokens.profileId]);
    const response = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(json<{ data: { status: number } }>(response).data.status).toBe(2);
  });
});
