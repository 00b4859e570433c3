// Passwords on the list of common passwords are refused (issue 24): at registration, password
// change and password reset, and for operator users; a 422 on the password field. The spec's
// minimum of six characters stays the rule for the rest. Runs on PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../src/lib/common-passwords";
import { expectErrorBody } from "./helpers";
import { OPERATOR_TEST_TOKEN, operatorTestApp } from "./operator-helpers";
import {
  bearer,
  freshIp,
  lastOutbox,
  loginAs,
  type PlayerTestApp,
  registerByEmail,
  registrationBody,
} from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

const register = (body: Record<string, unknown>, ip = freshIp()) =>
  app.inject({ method: "POST", url: "/api/player/register", payload: body, remoteAddress: ip });

describe("common passwords", () => {
  it("are refused at registration with a 422 on the password field; six unusual characters still do", async () => {
    const refused = await register(
      registrationBody({ password: "Password1", password_confirmation: "Password1" }),
    );
    expect(refused.statusCode).toBe(422);
    expect(expectErrorBody(refused.json()).error.fields).toEqual({
      password: [COMMON_PASSWORD_MESSAGE],
    });
    const accepted = await register(
      registrationBody({ password: "k7#pQz", password_confirmation: "k7#pQz" }),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it("are refused as a new password when changing it", async () => {
    const { tokens, password } = await registerByEmail(app);
    const change = (newPassword: string) =>
      app.inject({
        method: "PUT",
        url: "/api/player/passwords",
        headers: bearer(tokens.accessToken),
        payload: { currentPassword: password, newPassword, repeatNewPassword: newPassword },
      });
    const refused = await change("iloveyou");
    expect(refused.statusCode).toBe(422);
    expect(expectErrorBody(refused.json()).error.fields).toEqual({
      newPassword: [COMMON_PASSWORD_MESSAGE],
    });
    expect((await change("a-rarer-pass-7")).statusCode).toBe(200);
  });

  it("are refused by a password reset, whose link stays usable", async () => {
    const { email } = await registerByEmail(app);
    const requested = await app.inject({
      method: "POST",
      url: "/api/player/passwords/reset",
      payload: { login: email },
      remoteAddress: freshIp(),
    });
    expect(requested.statusCode).toBe(200);
    const resetCode = (await lastOutbox(app, email))!.link!.split("/").pop()!;
    const confirm = (password: string) =>
      app.inject({
        method: "POST",
        url: "/api/player/passwords/confirm",
        payload: { resetCode, password, password_confirmation: password },
        remoteAddress: freshIp(),
      });
    const refused = await confirm("123456789");
    expect(refused.statusCode).toBe(422);
    expect(expectErrorBody(refused.json()).error.fields).toEqual({
      password: [COMMON_PASSWORD_MESSAGE],
    });
    expect((await confirm("reset-to-this-9")).statusCode).toBe(200);
    expect((await loginAs(app, email, "reset-to-this-9")).statusCode).toBe(201);
  });

  it("are refused for an operator user's password", async () => {
    const invited = await app.inject({
      method: "POST",
      url: "/api/operator/users",
      headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
      payload: {
        email: `staff-${randomBytes(4).toString("hex")}@operator.example`,
        name: "Common Tester",
        scopes: ["content"],
      },
    });
    const inviteUrl: string = invited.json().data.inviteUrl;
    const token = inviteUrl.slice(inviteUrl.indexOf("#") + 1);
    const setPassword = (password: string) =>
      app.inject({
        method: "POST",
        url: "/api/operator/users/password",
        payload: { token, password },
      });
    const refused = await setPassword("qwerty123456");
    expect(refused.statusCode).toBe(422);
    expect(expectErrorBody(refused.json()).error.fields).toEqual({
      password: [COMMON_PASSWORD_MESSAGE],
    });
    expect((await setPassword("an uncommon pass phrase")).statusCode).toBe(204);
  });
});
