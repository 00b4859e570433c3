// The hub's pre-encoded publication frames (ws-frame.ts) arrive as the same text frames `ws`
// itself would send, at every payload length encoding, and in order with frames `ws` sends.
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { encodeTextFrame, writeEncodedFrame } from "./ws-frame";

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((done) => server.close(done));
  }
});

/** A server socket and a client that collects the text messages it receives. */
async function pair(options: { perMessageDeflate?: boolean } = {}) {
  const server = new WebSocketServer({ port: 0, perMessageDeflate: options.perMessageDeflate });
  servers.push(server);
  await new Promise((ready) => server.once("listening", ready));
  const serverSide = new Promise<WebSocket>((accept) => server.once("connection", accept));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    perMessageDeflate: options.perMessageDeflate,
  });
  const received: { text: string; binary: boolean }[] = [];
  client.on("message", (data, isBinary) =>
    received.push({ text: data.toString(), binary: isBinary }),
  );
  await new Promise((open) => client.once("open", open));
  return { socket: await serverSide, received };
}

describe("pre-encoded WebSocket text frames", () => {
  it("encode the three payload length forms (7-bit, 16-bit, 64-bit) as RFC 6455 frames", () => {
    expect([...encodeTextFrame("ok").wire]).toEqual([0x81, 2, 0x6f, 0x6b]);
    const medium = encodeTextFrame("x".repeat(126)).wire;
    expect([medium[0], medium[1], medium.readUInt16BE(2), medium.length]).toEqual([
      0x81, 126, 126, 130,
    ]);
    const large = encodeTextFrame("é".repeat(40_000)).wire; // 80,000 bytes of UTF-8
    expect([large[0], large[1], large.readBigUInt64BE(2), large.length]).toEqual([
      0x81,
      127,
      80_000n,
      80_010,
    ]);
  });

  it("arrive as text messages, in order with what ws sends, at every length", async () => {
    const { socket, received } = await pair();
    const texts = ["{}", "a".repeat(125), "b".repeat(126), "ü".repeat(33_000), "c".repeat(70_000)];
    socket.send("first");
    for (const text of texts) expect(writeEncodedFrame(socket, encodeTextFrame(text))).toBe(true);
    socket.send("last");
    await vi.waitFor(() => expect(received).toHaveLength(texts.length + 2));
    expect(received).toEqual(["first", ...texts, "last"].map((text) => ({ text, binary: false })));
  });

  it("leave the frame to ws when it negotiated compression", async () => {
    const { socket, received } = await pair({ perMessageDeflate: true });
    expect(writeEncodedFrame(socket, encodeTextFrame("hello"))).toBe(false);
    socket.send(encodeTextFrame("hello").payload, { binary: false });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ text: "hello", binary: false });
  });

  it("leave the frame to ws while ws has frames of its own queued, so order is kept", async () => {
    const { socket } = await pair();
    const internals = socket as unknown as { _sender: { _queue: unknown[] } };
    internals._sender._queue.push(["queued"]);
    try {
      expect(writeEncodedFrame(socket, encodeTextFrame("later"))).toBe(false);
    } finally {
      internals._sender._queue.pop();
    }
    expect(writeEncodedFrame(socket, encodeTextFrame("now"))).toBe(true);
  });
});
