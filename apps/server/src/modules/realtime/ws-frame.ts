// A publication goes to thousands of sockets (one event on global:online to every visitor), and
// the hub's time is one system call per socket plus what `ws` does around it: a frame header
// allocated per send, cork, two writes, uncork. Here the whole WebSocket frame (RFC 6455 §5.2:
// FIN, text opcode, unmasked as a server's frames are, the payload length) is built once per
// publication and written to each socket as one buffer. `ws` is bypassed only when nothing of its
// own is pending on that socket; otherwise the frame goes through `ws.send` as before.
// bench:realtime measures the difference (docs/performance.md).

/** A text frame's payload and its complete wire bytes, encoded once for all subscribers. */
export interface EncodedFrame {
  payload: Buffer;
  wire: Buffer;
}

export function encodeTextFrame(text: string): EncodedFrame {
  const payload = Buffer.from(text);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0x81; // FIN + text
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(wire, headerLength);
  return { payload, wire };
}

/** The parts of a `ws` 8 WebSocket's state this reads (private fields, checked defensively). */
interface WsInternals {
  _socket?: { writable?: boolean; write(chunk: Buffer): boolean } | null;
  _sender?: { _state?: number; _queue?: unknown[] } | null;
  _extensions?: Record<string, unknown>;
}

/**
 * Writes the frame's wire bytes straight to the socket's TCP stream when `ws` has nothing queued
 * or in progress there (no compression negotiated, sender idle, queue empty), so frame order is
 * kept; returns false when it did not, and the caller sends through `ws`.
 */
export function writeEncodedFrame(socket: unknown, frame: EncodedFrame): boolean {
  const ws = socket as WsInternals;
  const stream = ws._socket;
  const sender = ws._sender;
  if (!stream?.writable || !sender || sender._state !== 0 || (sender._queue?.length ?? 1) !== 0) {
    return false;
  }
  if (!ws._extensions || Object.keys(ws._extensions).length !== 0) return false;
  stream.write(frame.wire);
  return true;
}
