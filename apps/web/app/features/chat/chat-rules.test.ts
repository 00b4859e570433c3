import type { ChatMessage } from "@casino/contract/chat";
import { describe, expect, test } from "vitest";
import {
  attachmentHref,
  compareIds,
  deliveryOf,
  lengthProblem,
  mergeMessages,
  nextReadMark,
  problemOf,
  retryAfterSeconds,
  stillPending,
  unreadBeyondPage,
  unreadCount,
} from "./chat-rules";

let clock = 0;
function message(
  id: string,
  author: ChatMessage["author"]["type"] = "staff",
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  clock += 1;
  return {
    id,
    conversationId: "6f9619ff-8b86-4d01-b42d-00cf4fc964ff",
    kind: "message",
    author: { type: author, name: author === "staff" ? "Ana" : null },
    text: `message ${id}`,
    attachment: null,
    clientId: null,
    createdAt: new Date(clock * 1000).toISOString(),
    ...extra,
  };
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe("chat rules: the message list", () => {
  test("ids compare as numbers, not as text", () => {
    expect(compareIds("9", "10")).toBeLessThan(0);
    expect(compareIds("100", "99")).toBeGreaterThan(0);
    expect(compareIds("42", "42")).toBe(0);
  });

  test("a page, a live publication and a catch-up holding the same message keep it once, in id order", () => {
    const page = [message("8"), message("9"), message("10", "player")];
    const live = [message("11")];
    const catchUp = [message("10", "player"), message("11"), message("12", "player")];
    const merged = mergeMessages(mergeMessages(mergeMessages([], page), live), catchUp);
    expect(ids(merged)).toEqual(["8", "9", "10", "11", "12"]);
    // An older page joins in front.
    expect(ids(mergeMessages(merged, [message("6"), message("7")]))).toEqual([
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
      "12",
    ]);
  });

  test("a pending send goes away once the server's copy (same clientId) is in the list", () => {
    const pending = [
      { clientId: "a", text: "hi", state: "sending" as const },
      { clientId: "b", text: "there", state: "failed" as const },
    ];
    const list = [message("3", "player", { clientId: "a" })];
    expect(stillPending(pending, list).map((p) => p.clientId)).toEqual(["b"]);
  });
});

describe("chat rules: unread and read marks", () => {
  test("only staff (and system) messages after the read mark count; the player's own and notes do not", () => {
    const list = [
      message("1"),
      message("2", "player"),
      message("3"),
      message("4", "staff", { kind: "note" }),
      message("5", "system"),
      message("6", "guest"),
    ];
    expect(unreadCount(list, null)).toBe(3);
    expect(unreadCount(list, "1")).toBe(2);
    expect(unreadCount(list, "3")).toBe(1);
    expect(unreadCount(list, "6")).toBe(0);
  });

  test("unread beyond the loaded page is kept from the server's count and added", () => {
    const page = [message("60"), message("61")];
    // The server counted 5 unread at the open; the page holds 2 of them.
    const older = unreadBeyondPage(5, page, "10");
    expect(older).toBe(3);
    expect(unreadCount(page, "10", older)).toBe(5);
    // A new staff message adds one.
    expect(unreadCount([...page, message("62")], "10", older)).toBe(6);
    // Never negative when the server counted fewer.
    expect(unreadBeyondPage(0, page, null)).toBe(0);
  });

  test("the read mark moves to the newest message only when it is newer", () => {
    const list = [message("1"), message("2")];
    expect(nextReadMark(list, null)).toBe("2");
    expect(nextReadMark(list, "1")).toBe("2");
    expect(nextReadMark(list, "2")).toBeNull();
    expect(nextReadMark([], null)).toBeNull();
  });

  test("the player's message shows seen once staff read up to it", () => {
    const mine = message("7", "player");
    expect(deliveryOf(mine, null)).toBe("sent");
    expect(deliveryOf(mine, "6")).toBe("sent");
    expect(deliveryOf(mine, "7")).toBe("seen");
    expect(deliveryOf(mine, "12")).toBe("seen");
  });
});

describe("chat rules: problems", () => {
  const limits = { maxLength: 2000 };

  test("a 429 tells the player to wait, with the seconds when the server said them", () => {
    expect(problemOf({ status: 429, code: 15429 }, limits, 12)).toEqual({
      key: "rateLimitedFor",
      fallback: expect.any(String),
      vars: { seconds: 12 },
    });
    expect(problemOf({ status: 429, code: 15429 }, limits, null).key).toBe("rateLimited");
  });

  test("a 422 on the text is the length; on the file the file type; a 413 the file size", () => {
    expect(problemOf({ status: 422, code: 422, fields: { text: ["too long"] } }, limits)).toEqual({
      key: "tooLong",
      fallback: expect.any(String),
      vars: { max: 2000 },
    });
    expect(problemOf({ status: 422, code: 422, fields: { file: ["bad"] } }, limits).key).toBe(
      "fileRefused",
    );
    expect(problemOf({ status: 413, code: 413 }, limits).key).toBe("fileTooLarge");
    expect(problemOf({ status: 404, code: 15001 }, limits).key).toBe("unavailable");
    expect(problemOf(new TypeError("network"), limits).key).toBe("sendFailed");
  });

  test("the length shows before sending: over the limit after trimming only", () => {
    expect(lengthProblem("a".repeat(2000), 2000)).toBeNull();
    expect(lengthProblem(` ${"a".repeat(2000)}  `, 2000)).toBeNull();
    expect(lengthProblem("a".repeat(2001), 2000)?.key).toBe("tooLong");
  });

  test("Retry-After as seconds or as a date", () => {
    expect(retryAfterSeconds("30")).toBe(30);
    expect(retryAfterSeconds("0.2")).toBe(1);
    expect(retryAfterSeconds(new Date(10_000).toUTCString(), 0)).toBe(10);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds("soon")).toBeNull();
  });

  test("an attachment link is this site's or http(s), never script", () => {
    const origin = "https://casino.test";
    expect(attachmentHref("/api/chat/attachments/1?exp=1&sig=x", origin)).toBe(
      "https://casino.test/api/chat/attachments/1?exp=1&sig=x",
    );
    expect(attachmentHref("javascript:alert(1)", origin)).toBeNull();
    expect(attachmentHref("data:text/html,hi", origin)).toBeNull();
  });
});
