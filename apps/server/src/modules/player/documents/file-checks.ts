import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** Decoded images larger than this many pixels are refused (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Re-encodings running at once; more wait (each holds a CPU core and up to ~1 GB). */
const MAX_CONCURRENT = 2;
/** Uploads waiting for a slot beyond this are refused at once (503) instead of piling up. */
const MAX_WAITING = 32;
/** A re-encoding that takes longer is stopped and the upload refused. */
const TIME_LIMIT_MS = 30_000;

export type SniffedType = "image/jpeg" | "image/png" | "application/pdf";

/** The file's real type from its first bytes (signature), or null. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  const starts = (signature: readonly number[]) =>
    bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  return null;
}

export class UnreadableImageError extends Error {
  constructor(message = "The image cannot be read") {
    super(message);
    this.name = "UnreadableImageError";
  }
}

const require = createRequire(import.meta.url);
const JPEG_JS = require.resolve("jpeg-js");
const PNGJS = require.resolve("pngjs");

// The worker's code: plain JavaScript (a worker does not get the server's TypeScript loader).
// Decodes to pixels and encodes only those again; the PNG is cut at its IEND chunk first, so
// data appended after the image is dropped rather than refused.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const jpeg = require(${JSON.stringify(JPEG_JS)});
const { PNG } = require(${JSON.stringify(PNGJS)});
function withoutTrailer(bytes) {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (type === "IEND") return bytes.subarray(0, Math.min(end, bytes.length));
    offset = end;
  }
  return bytes;
}
// EXIF orientation (tag 0x0112 of IFD0), 1 when absent or unreadable.
function orientationOf(exif) {
  try {
    if (!exif) return 1;
    const start = exif[0] === 0 ? 1 : 0;
    const tiff = Buffer.from(exif.buffer, exif.byteOffset + start, exif.byteLength - start);
    const little = tiff.toString("latin1", 0, 2) === "II";
    if (!little && tiff.toString("latin1", 0, 2) !== "MM") return 1;
    const u16 = (at) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const ifd = u32(4);
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) === 0x0112) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  } catch {}
  return 1;
}
// The pixels as they are meant to be seen: the orientation is applied, since it is not kept.
function oriented(image, orientation) {
  if (orientation === 1) return image;
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5;
  const W = swap ? h : w;
  const H = swap ? w : h;
  const out = Buffer.alloc(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let sx = x;
      let sy = y;
      switch (orientation) {
        case 2: sx = w - 1 - x; break;
        case 3: sx = w - 1 - x; sy = h - 1 - y; break;
        case 4: sy = h - 1 - y; break;
        case 5: sx = y; sy = x; break;
        case 6: sx = y; sy = h - 1 - x; break;
        case 7: sx = w - 1 - y; sy = h - 1 - x; break;
        case 8: sx = w - 1 - y; sy = x; break;
      }
      const from = (sy * w + sx) * 4;
      const to = (y * W + x) * 4;
      out[to] = data[from];
      out[to + 1] = data[from + 1];
      out[to + 2] = data[from + 2];
      out[to + 3] = data[from + 3];
    }
  }
  return { width: W, height: H, data: out };
}
try {
  const { type, maxPixels } = workerData;
  const bytes = Buffer.from(workerData.bytes);
  let out;
  if (type === "image/jpeg") {
    const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true,
      maxResolutionInMP: maxPixels / 1e6, maxMemoryUsageInMB: 512 });
    // Only the pixels, turned upright: jpeg-js would write a decoded exifBuffer back.
    const upright = oriented(image, orientationOf(image.exifBuffer));
    out = jpeg.encode({ width: upright.width, height: upright.height, data: upright.data }, 90).data;
  } else {
    if (bytes.length < 24 || bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > maxPixels) {
      throw new Error("too large");
    }
    const image = PNG.sync.read(withoutTrailer(bytes));
    const clean = new PNG({ width: image.width, height: image.height });
    image.data.copy(clean.data);
    out = PNG.sync.write(clean, { colorType: 6 });
  }
  const result = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  parentPort.postMessage({ ok: true, bytes: result });
} catch (error) {
  parentPort.postMessage({ ok: false });
}
`;

/** Too many images are being re-encoded: try again shortly. */
export class ImageQueueFullError extends Error {
  constructor() {
    super("Too many uploads are being processed; try again in a minute");
    this.name = "ImageQueueFullError";
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_WAITING) throw new ImageQueueFullError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Decodes the image to pixels and encodes those again: EXIF (location, camera), comments, ICC
 * profiles, extra chunks, trailing data and anything else hidden in the file are gone; only pixels
 * are kept. Pure JavaScript (jpeg-js, pngjs; no native build), on a worker thread with a memory
 * and time limit, so a large photo (seconds of decoding) never stalls the server's other requests.
 */
export function reencodeImage(type: "image/jpeg" | "image/png", bytes: Buffer): Promise<Buffer> {
  return slot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { type, bytes: new Uint8Array(bytes), maxPixels: MAX_IMAGE_PIXELS },
          resourceLimits: { maxOldGenerationSizeMb: 1024 },
        });
        let settled = false;
        const finish = (error: Error | null, result?: Buffer) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          if (error) reject(error);
          else resolve(result!);
        };
        const timer = setTimeout(
          () => finish(new UnreadableImageError("The image takes too long to read")),
          TIME_LIMIT_MS,
        );
        worker.on("message", (message: { ok: boolean; bytes?: Uint8Array }) => {
          if (message.ok && message.bytes) finish(null, Buffer.from(message.bytes));
          else finish(new UnreadableImageError());
        });
        // Out of memory (resourceLimits) or a crash: the file is refused, the server stays up.
        worker.on("error", () => finish(new UnreadableImageError()));
        worker.on("exit", () => finish(new UnreadableImageError()));
      }),
  );
}
