// Issue 26: the live chat's API and its realtime channels, on PGlite and PostgreSQL. A guest and
// players chat with the support desk (scope support); what each side may see, the limits, the
// offline reply and the delivery on the conversation's channel.
import { CHAT_DESK_CHANNEL } from "@casino/contract/realtime";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetChatSettings } from "../src/modules/chat/player-chat";
import { type Json, OPERATOR_TEST_ENV, OPERATOR_TEST_TOKEN } from "./operator-helpers";
import {
  bearer,
  freshIp,
  lastOutbox,
  registerByEmail,
  registrationBody,
  tokensOf,
} from "./player-helpers";
import { createRealtimeTestApp, RawClient, type RealtimeTestApp } from "./realtime-helpers";

let app: RealtimeTestApp;
beforeAll(async () => {
  forgetChatSettings();
  app = await createRealtimeTestApp({
    env: { ...OPERATOR_TEST_ENV, CHAT_GUEST_AVAILABLE: "true" },
  });
});
afterAll(async () => app?.close());

const root = { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` };
const cookieOf = (response: LightMyRequestResponse): string => {
  const header = response.headers["set-cookie"];
  const list = Array.isArray(header) ? header : [String(header)];
  const found = list.find((value) => value.startsWith("casino_chat_guest="));
  if (!found) throw new Error(`no guest cookie in ${JSON.stringify(header)}`);
  return found.split(";")[0]!;
};

async function desk(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers: Record<string, string> = root,
) {
  return app.inject({
    method,
    url: `/api/operator/chat${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

async function playerOpens() {
  const { tokens, email } = await registerByEmail(app);
  const opened = await app.inject({
    method: "POST",
    url: "/api/chat/conversation",
    headers: bearer(tokens.accessToken),
    payload: {},
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { tokens, email, conversation: opened.json().data as Json };
}

const send = (headers: InjectOptions["headers"], text: string) =>
  app.inject({
    method: "POST",
    url: "/api/chat/conversation/messages",
    headers,
    payload: { text },
  });

describe("the player's conversation", () => {
  it("a player reads only their own conversation: another's is never reachable (404 before opening, their own after)", async () => {
    const alice = await playerOpens();
    expect((await send(bearer(alice.tokens.accessToken), "Alice's secret")).statusCode).toBe(201);
    const bob = await registerByEmail(app);
    const before = await app.inject({
      method: "GET",
      url: "/api/chat/conversation/messages",
      headers: bearer(bob.tokens.accessToken),
    });
    expect(before.statusCode, before.body).toBe(404);
    const opened = await app.inject({
      method: "POST",
      url: "/api/chat/conversation",
      headers: bearer(bob.tokens.accessToken),
      payload: {},
    });
    expect(opened.json().data.id).not.toBe(alice.conversation.id);
    const list = await app.inject({
      method: "GET",
      url: "/api/chat/conversation/messages",
      headers: bearer(bob.tokens.accessToken),
    });
    expect(list.json().data).toEqual([]);
    // Bob's realtime connection may not subscribe to Alice's channel with his own token.
    const client = await RawClient.open(app.wsUrl);
    await client.call("connect", { token: bob.tokens.accessToken });
    const refused = await client.call("subscribe", {
      channel: alice.conversation.realtime.channel,
      token: opened.json().data.realtime.token,
    });
    expect(refused.error).toMatchObject({ code: 103 });
    const noToken = await client.call("subscribe", {
      channel: alice.conversation.realtime.channel,
    });
    expect(noToken.error).toMatchObject({ code: 103 });
    client.close();
  });

  it("a <script> message is stored and returned as the text it is", async () => {
    const { tokens } = await playerOpens();
    const text = '<script>alert("x")</script> & <b>bold</b>';
    const sent = await send(bearer(tokens.accessToken), text);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.headers["content-type"]).toMatch(/application\/json/);
    const list = await app.inject({
      method: "GET",
      url: "/api/chat/conversation/messages",
      headers: bearer(tokens.accessToken),
    });
    expect(list.json().data.at(-1).text).toBe(text);
  });

  it("an over-long message is a 422 with error.fields.text, an empty one too", async () => {
    const { tokens } = await playerOpens();
    const long = await send(bearer(tokens.accessToken), "x".repeat(2001));
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json().error.fields.text).toBeDefined();
    expect((await send(bearer(tokens.accessToken), "   ")).statusCode).toBe(422);
    expect((await send(bearer(tokens.accessToken), "x".repeat(2000))).statusCode).toBe(201);
  });

  it("the 21st message within a minute answers 429 with code 15429 and Retry-After", async () => {
    const { tokens } = await playerOpens();
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, index) => send(bearer(tokens.accessToken), `m${index}`)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(20);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().error.code).toBe(15429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("a repeated clientId posts nothing new", async () => {
    const { tokens } = await playerOpens();
    const payload = { text: "once", clientId: "0b5e7c1e-1d0f-4c55-9d4b-2b7f6c3a9e11" };
    const first = await app.inject({
      method: "POST",
      url: "/api/chat/conversation/messages",
      headers: bearer(tokens.accessToken),
      payload,
    });
    const again = await app.inject({
      method: "POST",
      url: "/api/chat/conversation/messages",
      headers: bearer(tokens.accessToken),
      payload,
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.id).toBe(first.json().data.id);
  });
});

function multipart(parts: { name: string; value: string | Buffer; fileName?: string }[]) {
  const boundary = "----chat-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.fileName !== undefined ? `; filename="${part.fileName}"` : "";
    const type = part.fileName !== undefined ? "\r\nContent-Type: application/octet-stream" : "";
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("staff presence", () => {
  it("the conversation says whether staff is online: a desk heartbeat within the window, shared through the database", async () => {
    app.clock.advance(10 * 60);
    const { tokens } = await registerByEmail(app);
    // No body at all is fine too.
    const opened = await app.inject({
      method: "POST",
      url: "/api/chat/conversation",
      headers: bearer(tokens.accessToken),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.staffOnline).toBe(false);
    expect((await desk("POST", "/presence")).json().data.staffOnline).toBe(1);
    const again = await app.inject({
      method: "GET",
      url: "/api/chat/conversation",
      headers: bearer(tokens.accessToken),
    });
    expect(again.json().data.staffOnline).toBe(true);
    const staff = await desk("GET", "/staff");
    expect(staff.statusCode, staff.body).toBe(200);
    const counts = await desk("GET", "/unread");
    expect(counts.json().data.staffOnline).toBe(1);
  });
});

describe("attachments", () => {
  it("an image goes through the documents' checks, re-encoded, and is served by its signed link only", async () => {
    const { tokens } = await playerOpens();
    const image = new PNG({ width: 3, height: 3 });
    image.data.fill(0xff);
    const bytes = Buffer.concat([PNG.sync.write(image), Buffer.from("hidden data")]);
    const body = multipart([
      { name: "text", value: "my screenshot" },
      { name: "file", value: bytes, fileName: "shot.png" },
    ]);
    const sent = await app.inject({
      method: "POST",
      url: "/api/chat/conversation/attachments",
      headers: { ...bearer(tokens.accessToken), ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json().data;
    expect(message).toMatchObject({
      text: "my screenshot",
      attachment: { contentType: "image/png" },
    });
    const file = await app.inject({ method: "GET", url: message.attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.includes(Buffer.from("hidden data"))).toBe(false);
    const forged = await app.inject({
      method: "GET",
      url: message.attachment.url.replace(/sig=[^&]+/, "sig=forged"),
    });
    expect(forged.statusCode).toBe(404);
    // A script called .png is refused like a document would be.
    const fake = multipart([{ name: "file", value: "<script>x</script>", fileName: "x.png" }]);
    const refused = await app.inject({
      method: "POST",
      url: "/api/chat/conversation/attachments",
      headers: { ...bearer(tokens.accessToken), ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.file).toBeDefined();
  });
});

describe("guests", () => {
  it("a guest chats by its cookie, and its conversation is on the account after sign-up", async () => {
    const opened = await app.inject({ method: "POST", url: "/api/chat/conversation", payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = cookieOf(opened);
    expect(opened.headers["set-cookie"]!.toString()).toMatch(/HttpOnly/);
    const sent = await send({ cookie }, "Hello, I am a guest");
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.author.type).toBe("guest");
    // A cross-site page cannot ride the guest's cookie.
    const forged = await send({ cookie, "sec-fetch-site": "cross-site" }, "forged");
    expect(forged.statusCode).toBe(403);

    const body = registrationBody();
    const registered = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: body,
      remoteAddress: freshIp(),
      headers: { cookie },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const tokens = tokensOf(registered);
    const mine = await app.inject({
      method: "GET",
      url: "/api/chat/conversation/messages",
      headers: bearer(tokens.accessToken),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((m: Json) => m.text)).toEqual(["Hello, I am a guest"]);
    expect(mine.json().data[0].author.type).toBe("player");
    // The old cookie names no guest any more.
    expect((await send({ cookie }, "still me?")).statusCode).toBe(404);
    // The desk sees the conversation as the player's.
    const row = await desk("GET", `/conversations/${opened.json().data.id}`);
    expect(row.json().data.player.email).toBe(body.email);
  });
});

describe("a guest's realtime", () => {
  it("a guest connects without a token and subscribes to its own conversation's channel only, with its token", async () => {
    const opened = await app.inject({ method: "POST", url: "/api/chat/conversation", payload: {} });
    const conversation = opened.json().data as Json;
    const other = (await playerOpens()).conversation;
    const client = await RawClient.open(app.wsUrl);
    await client.call("connect", {});
    const wrong = await client.call("subscribe", {
      channel: other.realtime.channel,
      token: conversation.realtime.token,
    });
    expect(wrong.error).toMatchObject({ code: 103 });
    const own = await client.call("subscribe", {
      channel: conversation.realtime.channel,
      token: conversation.realtime.token,
    });
    expect(own.error).toBeUndefined();
    await desk("POST", `/conversations/${conversation.id}/messages`, { text: "Hello guest" });
    const pushed = await client.next(
      (frame) => JSON.stringify(frame).includes("Hello guest"),
      5000,
      "the reply on the guest's channel",
    );
    expect((pushed.push as Json).pub.data.message.author).toEqual({ type: "staff", name: "root" });
    client.close();
  });
});

describe("the support desk", () => {
  it("a key without the support scope cannot read the desk (403); one with it can", async () => {
    const issue = async (scopes: string[]) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/operator/api-keys",
        headers: root,
        payload: { name: `chat ${scopes.join(",")} ${Math.random()}`, scopes },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.token as string;
    };
    const players = await issue(["players"]);
    const refused = await desk("GET", "/conversations", undefined, {
      authorization: `Bearer ${players}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await app.inject({ method: "GET", url: "/api/operator/chat/conversations" })).statusCode,
    ).toBe(401);
    const support = await issue(["support"]);
    const allowed = await desk("GET", "/conversations?view=all", undefined, {
      authorization: `Bearer ${support}`,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it("internal notes never reach the player; replies do, live on the conversation's channel, and the queue shows who waits", async () => {
    const { tokens, conversation } = await playerOpens();
    await send(bearer(tokens.accessToken), "Where is my withdrawal?");
    const queue = await desk("GET", "/conversations?view=unassigned");
    const row = queue.json().data.find((item: Json) => item.id === conversation.id);
    expect(row.waitingSince).not.toBeNull();
    expect(row.unread).toBe(1);

    // The player listens on the conversation's channel; the desk on its own.
    const player = await RawClient.open(app.wsUrl);
    await player.call("connect", { token: tokens.accessToken });
    const sub = await player.call("subscribe", {
      channel: conversation.realtime.channel,
      token: conversation.realtime.token,
    });
    expect(sub.error).toBeUndefined();
    const presence = await desk("POST", "/presence");
    const staffClient = await RawClient.open(app.wsUrl);
    await staffClient.call("connect", {});
    const deskSub = await staffClient.call("subscribe", {
      channel: CHAT_DESK_CHANNEL,
      token: presence.json().data.realtime.token,
    });
    expect(deskSub.error).toBeUndefined();

    const note = await desk("POST", `/conversations/${conversation.id}/notes`, {
      text: "VIP, check the KYC first",
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteAtDesk = await staffClient.next(
      (frame) => JSON.stringify(frame).includes("VIP, check the KYC first"),
      5000,
      "the note at the desk",
    );
    expect(noteAtDesk).toBeDefined();

    const reply = await desk("POST", `/conversations/${conversation.id}/messages`, {
      text: "It is on its way",
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const pushed = await player.next(
      (frame) => JSON.stringify(frame).includes("It is on its way"),
      5000,
      "the reply on the player's channel",
    );
    expect((pushed.push as Json).channel).toBe(conversation.realtime.channel);
    expect(player.frames.some((frame) => JSON.stringify(frame).includes("VIP, check"))).toBe(false);

    const list = await app.inject({
      method: "GET",
      url: "/api/chat/conversation/messages",
      headers: bearer(tokens.accessToken),
    });
    const texts = list.json().data.map((m: Json) => m.text);
    expect(texts).toEqual(["Where is my withdrawal?", "It is on its way"]);
    // Catching up after a reconnect: only what came after the last id.
    const first = list.json().data[0].id;
    const after = await app.inject({
      method: "GET",
      url: `/api/chat/conversation/messages?after=${first}`,
      headers: bearer(tokens.accessToken),
    });
    expect(after.json().data.map((m: Json) => m.text)).toEqual(["It is on its way"]);
    // The desk sees the note, and the reply assigned the conversation and answered the wait.
    const deskList = await desk("GET", `/conversations/${conversation.id}/messages`);
    expect(deskList.json().data.map((m: Json) => m.kind)).toEqual(["message", "note", "message"]);
    const after2 = (await desk("GET", `/conversations/${conversation.id}`)).json().data;
    expect(after2.assignee.name).toBe("root");
    expect(after2.waitingSince).toBeNull();
    // Unread for the player, then read.
    const unread = await app.inject({
      method: "GET",
      url: "/api/chat/unread",
      headers: bearer(tokens.accessToken),
    });
    expect(unread.json().data.unread).toBe(1);
    player.close();
    staffClient.close();
  });

  it("messages of several conversations at once are written together: each gets its own answer, ids in order, and the desk's queue event is the desk's own read", async () => {
    const [a, b, c] = await Promise.all([playerOpens(), playerOpens(), playerOpens()]);
    for (const who of [a, b, c]) {
      expect((await send(bearer(who.tokens.accessToken), "first")).statusCode).toBe(201);
    }
    expect((await desk("POST", `/conversations/${c.conversation.id}/close`)).statusCode).toBe(200);
    const presence = await desk("POST", "/presence");
    const staffClient = await RawClient.open(app.wsUrl);
    await staffClient.call("connect", {});
    await staffClient.call("subscribe", {
      channel: CHAT_DESK_CHANNEL,
      token: presence.json().data.realtime.token,
    });

    const answers = await Promise.all([
      send(bearer(a.tokens.accessToken), "from A"),
      send(bearer(b.tokens.accessToken), "from B"),
      desk("POST", `/conversations/${c.conversation.id}/messages`, { text: "to C" }),
      desk("POST", `/conversations/${a.conversation.id}/messages`, { text: "to A" }),
      send(bearer(b.tokens.accessToken), "again from B"),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 409, 201, 201]);
    expect(answers[2]!.json().error.code).toBe(15009);
    expect(answers[0]!.json().data.text).toBe("from A");
    expect(answers[3]!.json().data.author).toEqual({ type: "staff", name: "root" });

    const listOf = async (who: typeof a) =>
      (
        await app.inject({
          method: "GET",
          url: "/api/chat/conversation/messages",
          headers: bearer(who.tokens.accessToken),
        })
      ).json().data as Json[];
    const listA = await listOf(a);
    expect(listA.map((m) => m.text).sort()).toEqual(["first", "from A", "to A"]);
    const listB = await listOf(b);
    expect(listB.map((m) => m.text).sort()).toEqual(["again from B", "first", "from B"]);
    for (const list of [listA, listB]) {
      const ids = list.map((m) => BigInt(m.id as string));
      expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    }
    expect((await listOf(c)).map((m) => m.text)).toEqual(["first"]);

    // The desk's queue row as pushed after B's last message is what the desk reads.
    const lastOfB = listB.at(-1)!;
    const isLastRowOfB = (frame: Json) => {
      const data = (frame.push as Json | undefined)?.pub?.data as Json | undefined;
      return (
        data?.type === "chat.conversation.updated" &&
        data.conversation.id === b.conversation.id &&
        data.conversation.lastMessageId === lastOfB.id
      );
    };
    const pushed =
      staffClient.frames.find(isLastRowOfB) ??
      (await staffClient.next(isLastRowOfB, 5000, "B's queue row at the desk"));
    const read = (await desk("GET", `/conversations/${b.conversation.id}`)).json().data;
    expect(read.unread).toBe(3);
    expect(((pushed.push as Json).pub.data as Json).conversation).toEqual(read);
    staffClient.close();
  });

  it("a reply to an away player becomes a site notification and an e-mail", async () => {
    const { tokens, email, conversation } = await playerOpens();
    await send(bearer(tokens.accessToken), "Anyone there?");
    app.clock.advance(10 * 60);
    const reply = await desk("POST", `/conversations/${conversation.id}/messages`, {
      text: "Sorry for the wait",
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const notifications = await app.inject({
      method: "GET",
      url: "/api/notification/messenger/messages",
      headers: bearer(tokens.accessToken),
    });
    expect(notifications.statusCode, notifications.body).toBe(200);
    expect(notifications.json().data[0]).toMatchObject({
      type: "chat",
      text: "Sorry for the wait",
    });
    const mail = await lastOutbox(app, email);
    expect(mail?.body).toContain("Sorry for the wait");
  });

  it("assign, transfer back to the queue, close and reopen are in the audit trail; closed takes no reply", async () => {
    const { tokens, conversation } = await playerOpens();
    await send(bearer(tokens.accessToken), "help");
    const mine = await desk("POST", `/conversations/${conversation.id}/assign`, { assignee: "me" });
    expect(mine.json().data.assignee).toEqual({ id: "root", name: "root" });
    const back = await desk("POST", `/conversations/${conversation.id}/assign`, { assignee: null });
    expect(back.json().data.assignee).toBeNull();
    expect((await desk("POST", `/conversations/${conversation.id}/close`)).json().data.status).toBe(
      "closed",
    );
    const refused = await desk("POST", `/conversations/${conversation.id}/messages`, {
      text: "hi",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(15009);
    expect(
      (await desk("POST", `/conversations/${conversation.id}/reopen`)).json().data.status,
    ).toBe("open");
    const trail = await app.inject({
      method: "GET",
      url: `/api/operator/changes?entityId=${conversation.id}`,
      headers: root,
    });
    const actions = trail.json().data.filter((c: Json) => c.kind === "chat-conversation");
    expect(actions.length).toBeGreaterThanOrEqual(4);
  });

  it("contact-form messages arrive as conversations; canned replies per locale", async () => {
    const contact = await app.inject({
      method: "POST",
      url: "/api/notification/communications",
      remoteAddress: freshIp(),
      payload: {
        name: "Dana",
        email: "dana@example.com",
        subject: "Bonus",
        message: "Where is my bonus?",
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const found = await desk("GET", "/conversations?search=dana%40example.com");
    expect(found.json().data[0]).toMatchObject({ source: "contact", subject: "Bonus" });
    const canned = await desk("POST", "/canned-replies", {
      locale: "en",
      title: "Hi",
      text: "Hello!",
    });
    expect(canned.statusCode, canned.body).toBe(201);
    const list = await desk("GET", "/canned-replies?locale=en");
    expect(list.json().data.map((c: Json) => c.title)).toContain("Hi");
  });
  it("the player's context beside the conversation: profile, accounts and limits in major units", async () => {
    const { tokens, email, conversation } = await playerOpens();
    const limit = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: bearer(tokens.accessToken),
      payload: { definition: 3, period: "daily", currency: "EUR", amount: "30.00" },
    });
    expect(limit.statusCode, limit.body).toBeLessThan(300);
    const context = await desk("GET", `/conversations/${conversation.id}/context`);
    expect(context.statusCode, context.body).toBe(200);
    const data = context.json().data as Json;
    expect(data.player).toMatchObject({ email });
    expect((data.accounts as Json[]).map((a) => a.currency)).toEqual(["EUR"]);
    expect(data.bonuses).toEqual([]);
    expect((data.limits as Json[])[0]).toMatchObject({ value: "30.00 EUR" });
    const noSupport = await desk("GET", `/conversations/${conversation.id}/context`, undefined, {
      authorization: "Bearer nope",
    });
    expect(noSupport.statusCode).toBe(401);
  });
});
