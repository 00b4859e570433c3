import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/** Decoded images larger than this many pixels are refused (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;

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

/**
 * Decodes the image to pixels and encodes those again: EXIF (location, camera), comments, ICC
 * profiles, trailing data and anything else hidden in the file are gone; only pixels are kept.
 * Pure JavaScript (jpeg-js, pngjs): no native build.
 */
export function reencodeImage(type: "image/jpeg" | "image/png", bytes: Buffer): Buffer {
  try {
    if (type === "image/jpeg") {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 512,
      });
      // Only the pixels: jpeg-js would write a decoded exifBuffer back.
      const pixels = { width: image.width, height: image.height, data: image.data };
      return Buffer.from(jpeg.encode(pixels, 90).data);
    }
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if (width * height > MAX_IMAGE_PIXELS) throw new UnreadableImageError("The image is too large");
    const image = PNG.sync.read(withoutTrailer(bytes));
    const clean = new PNG({ width: image.width, height: image.height });
    image.data.copy(clean.data);
    return PNG.sync.write(clean, { colorType: 6 });
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError();
  }
}

/** The PNG up to its IEND chunk: data appended after the image is dropped before decoding. */
function withoutTrailer(bytes: Buffer): Buffer {
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
