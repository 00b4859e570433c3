import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "../src/modules/notification/create-notification";
import { notifyDepositSucceeded } from "../src/modules/notification/payment-notifications";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorBody, expectErrorCode } from "./helpers";
import { fundedPlayer, referenceOf, sandboxDecision } from "./payment-helpers";
import {
  bearer,
  createPlayerTestApp,
  freshIp,
  type PlayerTestApp,
  registerByEmail,
} from "./player-helpers";

const OPERATOR_TOKEN = randomBytes(24).toString("hex");
const MESSAGES = "/api/notification/messenger/messages";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    SANDBOX_PAYMENTS: "true",
    OPERATOR_API_TOKEN: OPERATOR_TOKEN,
    OPERATOR_MAILBOX: "support@casino.test",
  });
});
afterAll(async () => app?.close());

type Message = {
  id: string;
  type: string;
  title: string;
  text: string;
  readAt: string | null;
  state: 1 | 2;
  createdAt: string;
  link: string | null;
  params: Record<string, string | number>;
  content: { title: string };
};

async function player() {
  const { tokens } = await registerByEmail(app);
  const headers = bearer(tokens.accessToken) as Record<string, string>;
  const list = async (query = "") => {
    const response = await app.inject({ url: `${MESSAGES}${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      data: Message[];
      meta: { page: number; perPage: number; total: number; totalUnread: number };
    };
  };
  return { profileId: tokens.profileId, headers, list };
}

/** A message written the way other modules do: in a transaction of theirs. */
async function notify(playerId: string, title: string, dedupeKey?: string) {
  return app.testDb.transaction((tx) =>
    createNotification(tx, app.clock, {
      playerId,
      kind: "service",
      title,
      text: `${title} text`,
      dedupeKey: dedupeKey ?? null,
    }),
  );
}

async function events(profileId: string) {
  const rows = await app.testDb.query<{ payload: unknown }>(
    "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
    [`notification:messenger#${profileId}`],
  );
  return rows.map(
    (row) => row.payload as { type: string; notification: Message; totalUnread: number },
  );
}

describe("messenger (BE-40)", () => {
  it("API-78 NT-01 NT-02 lists the player's messages newest first with the page meta and meta.totalUnread", async () => {
    const p = await player();
    expect(await p.list()).toEqual({
      data: [],
      meta: { page: 1, perPage: 20, total: 0, totalUnread: 0 },
    });
    for (const title of ["first", "second", "third", "fourth"]) {
      await notify(p.profileId, title);
      app.clock.advance(1);
    }
    const popover = await p.list("?page=1&perPage=3");
    expect(popover.data.map((item) => item.title)).toEqual(["fourth", "third", "second"]);
    expect(popover.meta).toEqual({ page: 1, perPage: 3, total: 4, totalUnread: 4 });
    expect(popover.data[0]).toEqual({
      id: expect.any(String),
      type: "service",
      title: "fourth",
      text: "fourth text",
      readAt: null,
      state: 1,
      createdAt: expect.any(String),
      link: null,
      params: {},
      content: { title: "fourth" },
    });
    const second = await p.list("?page=2&perPage=3");
    expect(second.data.map((item) => item.title)).toEqual(["first"]);

    // Another player sees none of them.
    const other = await player();
    expect((await other.list()).meta.total).toBe(0);
  });

  it("API-79 NT-03 NT-06 marks messages read: state 2 and readAt, the unread count drops, a second read keeps the first readAt", async () => {
    const p = await player();
    const a = await notify(p.profileId, "a");
    const b = await notify(p.profileId, "b");
    const read = await app.inject({
      method: "POST",
      url: `${MESSAGES}/read`,
      headers: p.headers,
      payload: { messageIds: [a!.id] },
    });
    expect(read.statusCode).toBe(200);
    const readAt = app.clock.now().toISOString();
    expect(read.json()).toEqual({
      data: [expect.objectContaining({ id: a!.id, state: 2, readAt })],
      meta: { totalUnread: 1 },
    });
    app.clock.advance(60);
    const again = await app.inject({
      method: "POST",
      url: `${MESSAGES}/read`,
      headers: p.headers,
      payload: { messageIds: [a!.id, b!.id] },
    });
    expect(again.json().meta).toEqual({ totalUnread: 0 });
    const byId = new Map((again.json().data as Message[]).map((item) => [item.id, item]));
    expect(byId.get(a!.id)?.readAt).toBe(readAt);
    expect(byId.get(b!.id)?.state).toBe(2);
    expect((await p.list()).meta.totalUnread).toBe(0);
  });

  it("API-81 NT-05 read all marks every unread message read", async () => {
    const p = await player();
    await notify(p.profileId, "one");
    await notify(p.profileId, "two");
    const response = await app.inject({
      method: "POST",
      url: `${MESSAGES}/read/all`,
      headers: p.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { updated: 2 }, meta: { totalUnread: 0 } });
    expect((await p.list()).data.every((item) => item.state === 2)).toBe(true);
  });

  it("API-80 NT-04 deletes messages: gone from the list and the counts; deleting again is 404", async () => {
    const p = await player();
    const keep = await notify(p.profileId, "keep");
    const drop = await notify(p.profileId, "drop");
    const remove = (ids: string[]) =>
      app.inject({
        method: "DELETE",
        url: MESSAGES,
        headers: p.headers,
        payload: { messageIds: ids },
      });
    const response = await remove([drop!.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { deleted: 1 }, meta: { totalUnread: 1 } });
    const list = await p.list();
    expect(list.data.map((item) => item.id)).toEqual([keep!.id]);
    expect(list.meta).toMatchObject({ total: 1, totalUnread: 1 });
    expectErrorCode(await remove([drop!.id]), 404, 404);
  });

  it("BE-40 another player's message, an unknown id or a mix answer 404 and change nothing", async () => {
    const owner = await player();
    const intruder = await player();
    const message = await notify(owner.profileId, "private");
    const own = await notify(intruder.profileId, "mine");
    for (const ids of [[message!.id], [randomUUID()], [own!.id, message!.id]]) {
      expectErrorCode(
        await app.inject({
          method: "POST",
          url: `${MESSAGES}/read`,
          headers: intruder.headers,
          payload: { messageIds: ids },
        }),
        404,
        404,
      );
      expectErrorCode(
        await app.inject({
          method: "DELETE",
          url: MESSAGES,
          headers: intruder.headers,
          payload: { messageIds: ids },
        }),
        404,
        404,
      );
    }
    expect((await owner.list()).data).toEqual([
      expect.objectContaining({ id: message!.id, state: 1 }),
    ]);
    expect((await intruder.list()).data).toEqual([
      expect.objectContaining({ id: own!.id, state: 1 }),
    ]);
  });

  it("BE-40 bad input is 422 with error.fields; no token is 401", async () => {
    const p = await player();
    for (const [query, field] of [
      ["?page=0", "page"],
      ["?perPage=101", "perPage"],
      ["?perPage=x", "perPage"],
      ["?other=1", ""],
    ] as const) {
      const response = await app.inject({ url: `${MESSAGES}${query}`, headers: p.headers });
      expect(response.statusCode).toBe(422);
      if (field) expect(expectErrorBody(response.json()).error.fields).toHaveProperty(field);
    }
    for (const payload of [{}, { messageIds: [] }, { messageIds: ["nope"] }, { messageIds: "x" }]) {
      const response = await app.inject({
        method: "POST",
        url: `${MESSAGES}/read`,
        headers: p.headers,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(expectErrorBody(response.json()).error.fields).toBeDefined();
    }
    expectErrorCode(await app.inject({ url: MESSAGES }), 401, 401);
    expectErrorCode(await app.inject({ method: "POST", url: `${MESSAGES}/read/all` }), 401, 401);
    expectErrorCode(
      await app.inject({
        method: "DELETE",
        url: MESSAGES,
        payload: { messageIds: [randomUUID()] },
      }),
      401,
      401,
    );
  });
});

describe("createNotification (NT-07)", () => {
  it("NT-07 writes the message and one notification.created event on the player's messenger channel", async () => {
    const p = await player();
    const message = await notify(p.profileId, "Welcome");
    expect(await events(p.profileId)).toEqual([
      { type: "notification.created", notification: message, totalUnread: 1 },
    ]);
  });

  it("NT-07 the same dedupe key writes one message and one event; a rolled-back transaction writes neither", async () => {
    const p = await player();
    expect(await notify(p.profileId, "Once", "level:2")).not.toBeNull();
    expect(await notify(p.profileId, "Once", "level:2")).toBeNull();
    await expect(
      app.testDb.transaction(async (tx) => {
        await createNotification(tx, app.clock, {
          playerId: p.profileId,
          kind: "bonus",
          title: "Rolled back",
          text: "never",
        });
        throw new Error("the caller's change failed");
      }),
    ).rejects.toThrow("the caller's change failed");
    expect((await p.list()).data.map((item) => item.title)).toEqual(["Once"]);
    expect(await events(p.profileId)).toHaveLength(1);
  });

  it("NT-07 a credited sandbox deposit and a paid withdrawal each notify the player once", async () => {
    const funded = await fundedPlayer(app, "100");
    const afterDeposit = await app.inject({ url: MESSAGES, headers: funded.headers });
    expect(afterDeposit.json().data).toEqual([
      expect.objectContaining({
        type: "deposit",
        title: "Deposit received",
        text: "Your deposit of 100.00 EUR is on your balance.",
        params: { sum: "100.00 EUR" },
        link: "/profile/history",
      }),
    ]);
    // The payment path calling it again (a replay) changes nothing.
    const [invoice] = await app.testDb.query<{
      id: string;
      player_id: string;
      amount: string;
      currency: string;
    }>("SELECT id, player_id, amount, currency FROM payment_invoices WHERE player_id = $1", [
      funded.profileId,
    ]);
    await app.testDb.transaction((tx) => notifyDepositSucceeded(tx, app.clock, invoice!));
    expect(await events(funded.profileId)).toHaveLength(1);

    const { invoiceId } = (await funded.withdraw({ amount: "40" })).json().data;
    await sandboxDecision(app, await referenceOf(app, invoiceId), "approve");
    const list = (await app.inject({ url: MESSAGES, headers: funded.headers })).json();
    expect(list.data[0]).toMatchObject({
      type: "withdrawal",
      title: "Withdrawal paid",
      text: "Your withdrawal of 40.00 EUR has been paid out.",
    });
    expect(list.meta).toMatchObject({ total: 2, totalUnread: 2 });
    expect((await events(funded.profileId)).map((event) => event.notification.type)).toEqual([
      "deposit",
      "withdrawal",
    ]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});

describe("operator broadcasts", () => {
  const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
  const broadcast = (payload: Record<string, unknown>, headers = operator) =>
    app.inject({
      method: "POST",
      url: "/api/operator/notifications/broadcasts",
      headers,
      payload,
    });

  async function blocked(definition: 4 | 5) {
    const p = await player();
    const response = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: p.headers,
      payload: definition === 4 ? { definition, months: 6 } : { definition, days: 7 },
    });
    expect(response.statusCode).toBe(201);
    return p;
  }

  it("BE-40 a promo broadcast skips self-excluded and cooling-off players; a service one reaches them", async () => {
    const active = await player();
    const excluded = await blocked(4);
    const coolingOff = await blocked(5);
    const ids = [active.profileId, excluded.profileId, coolingOff.profileId];

    const promo = await broadcast({
      kind: "promo",
      title: "Weekend bonus",
      text: "Deposit on Saturday for extra spins.",
      link: "/welcome-package",
      playerIds: ids,
    });
    expect(promo.statusCode).toBe(201);
    expect(promo.json().data).toMatchObject({
      kind: "promo",
      recipients: 1,
      skipped: 2,
      replay: false,
    });
    expect((await active.list()).data).toEqual([
      expect.objectContaining({ type: "promo", title: "Weekend bonus", link: "/welcome-package" }),
    ]);
    expect((await excluded.list()).data).toEqual([]);
    expect((await coolingOff.list()).data).toEqual([]);
    expect(await events(active.profileId)).toHaveLength(1);
    expect(await events(excluded.profileId)).toHaveLength(0);
    // The audit trail keeps the broadcast, its recipients counted, not listed.
    const audit = await app.testDb.query<{ changes: Record<string, unknown>; actor: string }>(
      "SELECT changes, actor FROM operator_changes WHERE kind = 'broadcast' AND entity_id = $1",
      [promo.json().data.id],
    );
    expect(audit).toEqual([
      { actor: "root", changes: expect.objectContaining({ title: "Weekend bonus", playerIds: 3 }) },
    ]);

    const service = await broadcast({
      kind: "service",
      title: "Maintenance tonight",
      text: "The site is down from 02:00 to 03:00 UTC.",
      playerIds: ids,
    });
    expect(service.json().data).toMatchObject({ recipients: 3, skipped: 0 });
    expect((await excluded.list()).data.map((item) => item.title)).toEqual(["Maintenance tonight"]);
  });

  it("BE-40 a broadcast to everyone reaches active players but not excluded ones; its key makes a resend a replay", async () => {
    const active = await player();
    const excluded = await blocked(4);
    const body = {
      kind: "promo",
      title: "Big drop",
      text: "Prizes all week.",
      key: `drop-${randomUUID()}`,
    };
    const first = await broadcast(body);
    expect(first.statusCode).toBe(201);
    const [{ count }] = (await app.testDb.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM players",
    )) as [{ count: number }];
    expect(first.json().data.recipients + first.json().data.skipped).toBe(count);
    expect((await active.list()).data.map((item) => item.title)).toEqual(["Big drop"]);
    expect((await excluded.list()).data).toEqual([]);

    const again = await broadcast(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ ...first.json().data, replay: true });
    expect((await active.list()).meta.total).toBe(1);
    expect(await events(active.profileId)).toHaveLength(1);
  });

  it("BE-40 the operator API needs its token and a valid body", async () => {
    const body = { kind: "service", title: "Hi", text: "Hello" };
    expectErrorCode(await broadcast(body, {} as typeof operator), 401, 401);
    expectErrorCode(await broadcast(body, { authorization: `Bearer ${"x".repeat(48)}` }), 401, 401);
    for (const [payload, field] of [
      [{ ...body, kind: "spam" }, "kind"],
      [{ ...body, title: "" }, "title"],
      [{ ...body, link: "https://elsewhere.example" }, "link"],
      [{ ...body, playerIds: ["nope"] }, "playerIds.0"],
    ] as const) {
      const response = await broadcast(payload);
      expect(response.statusCode).toBe(422);
      expect(expectErrorBody(response.json()).error.fields).toHaveProperty([field]);
    }
  });
});

describe("contact (BE-41)", () => {
  const contact = (payload: Record<string, unknown>, ip = freshIp(), headers = {}) =>
    app.inject({
      method: "POST",
      url: "/api/notification/communications",
      remoteAddress: ip,
      headers,
      payload,
    });
  const valid = () => ({
    name: "Ada Lovelace",
    email: `ada-${randomUUID()}@example.com`,
    subject: "Withdrawal question",
    message: "How long does a bank withdrawal take?",
    locale: "en",
  });
  const mailTo = async (mailbox: string, sender: string) =>
    app.testDb.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM outbox_messages WHERE recipient = $1 AND body LIKE $2",
      [mailbox, `%${sender}%`],
    );

  it("API-06 PR-07 a guest's message is stored and forwarded to OPERATOR_MAILBOX through the mail port", async () => {
    const body = valid();
    const response = await contact(body);
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;
    const [row] = await app.testDb.query<Record<string, unknown>>(
      "SELECT player_id, name, email, subject, message, locale, forwarded_at FROM contact_messages WHERE id = $1",
      [id],
    );
    expect(row).toMatchObject({
      player_id: null,
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      locale: "en",
    });
    expect(row!.forwarded_at).not.toBeNull();
    const mails = await mailTo("support@casino.test", body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Contact: Withdrawal question (from Ada Lovelace)");
    expect(mails[0]!.body).toContain(body.message);
  });

  it("PR-07 a signed-in player's message names the account", async () => {
    const p = await player();
    const response = await contact(valid(), freshIp(), p.headers);
    expect(response.statusCode).toBe(201);
    const [row] = await app.testDb.query<{ player_id: string }>(
      "SELECT player_id FROM contact_messages WHERE id = $1",
      [response.json().data.id],
    );
    expect(row!.player_id).toBe(p.profileId);
  });

  it("PR-07 the shared rules answer 422 with error.fields; unknown fields too", async () => {
    const empty = await contact({});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(expectErrorBody(empty.json()).error.fields ?? {}).sort()).toEqual([
      "email",
      "message",
      "name",
    ]);
    const bad = await contact({ ...valid(), email: "not-an-email", message: "short" });
    expect(expectErrorBody(bad.json()).error.fields).toEqual({
      email: ["Value is not a valid email address"],
      message: ["This field should be at least 10 characters long"],
    });
    expect((await contact({ ...valid(), phone: "+49" })).statusCode).toBe(422);
    expect((await contact({ ...valid(), message: "x".repeat(5001) })).statusCode).toBe(422);
  });

  it("BE-41 five messages per IP in 15 minutes, then 429; a filled hidden captcha is accepted and dropped", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await contact(valid(), ip)).statusCode).toBe(201);
    const limited = await contact(valid(), ip);
    expectErrorCode(limited, 429, 429);
    expect(limited.headers["retry-after"]).toBeDefined();

    const robot = { ...valid(), captcha: "filled" };
    const response = await contact(robot);
    expect(response.statusCode).toBe(201);
    const rows = await app.testDb.query("SELECT id FROM contact_messages WHERE email = $1", [
      robot.email,
    ]);
    expect(rows).toEqual([]);
    expect(await mailTo("support@casino.test", robot.email)).toEqual([]);
  });
});
