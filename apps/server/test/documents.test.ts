import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ErrorCode } from "@casino/contract/errors";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOADS_PER_HOUR } from "../src/modules/player/documents/routes";
import { expectErrorCode } from "./helpers";
import { bearer, createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

const MAX_BYTES = 64 * 1024;
let app: PlayerTestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "casino-documents-"));
  app = await createPlayerTestApp({
    DATA_DIR: dataDir,
    DOCUMENTS_MAX_BYTES: String(MAX_BYTES),
    OPERATOR_API_TOKEN: OPERATOR_TOKEN,
  });
});
afterAll(async () => app?.close());

/** A small JPEG with an EXIF segment (camera and GPS text) right after SOI. */
const OPERATOR_TOKEN = "operator-token-for-document-review-tests-0123456789";
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

function jpegWithExif(): Buffer {
  const width = 8;
  const height = 8;
  const data = Buffer.alloc(width * height * 4, 0x80);
  const plain = Buffer.from(jpeg.encode({ data, width, height }, 90).data);
  const payload = Buffer.concat([
    Buffer.from("Exif\0\0", "binary"),
    Buffer.from("GPS 51.5N SECRET"),
  ]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([
    plain.subarray(0, 2),
    Buffer.from([0xff, 0xe1]),
    length,
    payload,
    plain.subarray(2),
  ]);
}

/** A w×h JPEG whose EXIF says "rotate 90° clockwise to show" (orientation 6), big-endian TIFF. */
function rotatedJpeg(width: number, height: number): Buffer {
  // Left half black, right half white: turned clockwise, the black half is on top.
  const data = Buffer.alloc(width * height * 4, 0xff);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width / 2; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  const plain = Buffer.from(jpeg.encode({ data, width, height }, 90).data);
  const tiff = Buffer.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08],
    ...[0x00, 0x01],
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00],
  ]);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "binary"), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([
    plain.subarray(0, 2),
    Buffer.from([0xff, 0xe1]),
    length,
    payload,
    plain.subarray(2),
  ]);
}

function png(): Buffer {
  const image = new PNG({ width: 4, height: 4 });
  image.data.fill(0xff);
  // A text chunk would survive a byte copy; re-encoding drops it.
  return Buffer.concat([PNG.sync.write(image), Buffer.from("trailing hidden data")]);
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

function multipart(parts: Part[]) {
  const boundary = "----casino-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ""}`;
    const type =
      part.fileName !== undefined
        ? `\r\nContent-Type: ${part.type ?? "application/octet-stream"}`
        : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function player() {
  const { tokens } = await registerByEmail(app);
  const headers = bearer(tokens.accessToken) as Record<string, string>;
  const upload = (parts: Part[]) => {
    const body = multipart(parts);
    return app.inject({
      method: "POST",
      url: "/api/player/documents",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const file = (bytes: Buffer, fileName: string, type = "passport") =>
    upload([
      { name: "type", value: type },
      { name: "file", value: bytes, fileName },
    ]);
  const list = async () => (await app.inject({ url: "/api/player/documents", headers })).json();
  return { headers, upload, file, list };
}

async function storedBytes(id: string): Promise<Buffer> {
  const [row] = await app.testDb.query<{ storage_key: string }>(
    "SELECT storage_key FROM player_documents WHERE id = $1",
    [id],
  );
  expect(row!.storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
  return readFileSync(path.join(dataDir, "uploads", row!.storage_key));
}

describe("player documents (KY-01..KY-03, BE-35)", () => {
  it("API-28 BE-35 KY-02 a JPEG is stored re-encoded under a server-made name: new bytes, no EXIF", async () => {
    const p = await player();
    const original = jpegWithExif();
    expect(original.includes(Buffer.from("Exif"))).toBe(true);
    const response = await p.file(original, "../../etc/passport.jpg");
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      type: "passport",
      status: 1,
      fileName: "passport.jpg",
      contentType: "image/jpeg",
      deletable: true,
    });
    const stored = await storedBytes(data.id);
    expect(stored.equals(original)).toBe(false);
    expect(stored.includes(Buffer.from("Exif"))).toBe(false);
    expect(stored.includes(Buffer.from("SECRET"))).toBe(false);
    expect(jpeg.decode(stored).width).toBe(8);
    expect(data.size).toBe(stored.length);
  });

  it("BE-35 a photo's EXIF orientation is applied to the pixels before the EXIF is dropped", async () => {
    const p = await player();
    const response = await p.file(rotatedJpeg(16, 8), "phone.jpg");
    expect(response.statusCode).toBe(201);
    const stored = await storedBytes(response.json().data.id);
    expect(stored.includes(Buffer.from("Exif"))).toBe(false);
    const image = jpeg.decode(stored);
    expect([image.width, image.height]).toEqual([8, 16]);
    const red = (x: number, y: number) => image.data[(y * image.width + x) * 4]!;
    expect(red(4, 2)).toBeLessThan(64);
    expect(red(4, 13)).toBeGreaterThan(192);
  });

  it("API-27 API-28 BE-35 KY-01 PNG and PDF are accepted and listed newest first with status and the upload rules", async () => {
    const p = await player();
    const pngAnswer = await p.file(png(), "address.PNG", "proofOfAddress");
    expect(pngAnswer.statusCode).toBe(201);
    const stored = await storedBytes(pngAnswer.json().data.id);
    expect(stored.includes(Buffer.from("trailing hidden data"))).toBe(false);
    expect(PNG.sync.read(stored).width).toBe(4);
    app.clock.advance(1);
    const pdfAnswer = await p.file(PDF, "statement.pdf", "bankStatement");
    expect(pdfAnswer.statusCode).toBe(201);
    expect((await storedBytes(pdfAnswer.json().data.id)).equals(PDF)).toBe(true);

    const list = await p.list();
    expect(list.data.map((item: { type: string }) => item.type)).toEqual([
      "bankStatement",
      "proofOfAddress",
    ]);
    expect(list.data[0]).toMatchObject({ status: 1, contentType: "application/pdf" });
    expect(list.meta).toEqual({
      maxBytes: MAX_BYTES,
      types: expect.arrayContaining(["passport", "idCard", "other"]),
      extensions: [".jpg", ".jpeg", ".png", ".pdf"],
    });
  });

  it("BE-35 the file is served only to its owner, as a no-store attachment; another player gets 404", async () => {
    const owner = await player();
    const { id } = (await owner.file(PDF, "statement.pdf")).json().data;
    const download = await app.inject({
      url: `/api/player/documents/${id}/file`,
      headers: owner.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="passport-${id}.pdf"`,
    );
    expect(download.headers["cache-control"]).toBe("no-store");
    expect(download.rawPayload.equals(PDF)).toBe(true);

    expectErrorCode(await app.inject({ url: `/api/player/documents/${id}/file` }), 401, 401);
    const other = await player();
    expectErrorCode(
      await app.inject({ url: `/api/player/documents/${id}/file`, headers: other.headers }),
      404,
      ErrorCode.NotFound,
    );
    expectErrorCode(
      await app.inject({
        method: "DELETE",
        url: `/api/player/documents/${id}`,
        headers: other.headers,
      }),
      404,
      ErrorCode.NotFound,
    );
    expect((await other.list()).data).toEqual([]);
    expect((await owner.list()).data).toHaveLength(1);
  });

  it("API-29 BE-35 KY-03 the owner deletes a document (the file goes too); an approved one cannot be deleted", async () => {
    const p = await player();
    const { id } = (await p.file(png(), "selfie.png", "selfie")).json().data;
    const [row] = await app.testDb.query<{ storage_key: string }>(
      "SELECT storage_key FROM player_documents WHERE id = $1",
      [id],
    );
    const removed = await app.inject({
      method: "DELETE",
      url: `/api/player/documents/${id}`,
      headers: p.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.id).toBe(id);
    expect(() => readFileSync(path.join(dataDir, "uploads", row!.storage_key))).toThrow();
    expect((await p.list()).data).toEqual([]);
    expectErrorCode(
      await app.inject({
        method: "DELETE",
        url: `/api/player/documents/${id}`,
        headers: p.headers,
      }),
      404,
      ErrorCode.NotFound,
    );

    const approved = (await p.file(PDF, "id.pdf", "idCard")).json().data.id;
    await app.testDb.query("UPDATE player_documents SET status = 2 WHERE id = $1", [approved]);
    expect((await p.list()).data[0]).toMatchObject({ status: 2, deletable: false });
    expectErrorCode(
      await app.inject({
        method: "DELETE",
        url: `/api/player/documents/${approved}`,
        headers: p.headers,
      }),
      409,
      ErrorCode.Conflict,
    );
    expectErrorCode(
      await app.inject({
        method: "DELETE",
        url: "/api/player/documents/not-a-uuid",
        headers: p.headers,
      }),
      422,
      ErrorCode.UnprocessableEntity,
    );
  });

  it("BE-35 wrong content for the extension, unknown extensions, empty and unreadable files are 422 on the file field", async () => {
    const p = await player();
    const cases: [Buffer, string][] = [
      [PDF, "photo.jpg"],
      [png(), "photo.jpeg"],
      [Buffer.from("MZ\x90\x00 not an image"), "scan.png"],
      [jpegWithExif(), "photo.gif"],
      [jpegWithExif(), "noextension"],
      [Buffer.alloc(0), "empty.pdf"],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x00]), "broken.jpg"],
    ];
    for (const [bytes, name] of cases) {
      const response = await p.file(bytes, name);
      expectErrorCode(response, 422, ErrorCode.UnprocessableEntity);
      expect(Object.keys(response.json().error.fields)).toEqual(["file"]);
    }
    expect((await p.list()).data).toEqual([]);
  });

  it("BE-35 multipart parts are validated: unknown type, unknown parts, missing file or type, not multipart → 422", async () => {
    const p = await player();
    const fields = async (response: Awaited<ReturnType<typeof p.upload>>) => {
      expectErrorCode(response, 422, ErrorCode.UnprocessableEntity);
      return response.json().error.fields as Record<string, string[]>;
    };
    expect(Object.keys(await fields(await p.file(PDF, "a.pdf", "diploma")))).toEqual(["type"]);
    expect(
      Object.keys(
        await fields(
          await p.upload([
            { name: "type", value: "passport" },
            { name: "comment", value: "hi" },
            { name: "file", value: PDF, fileName: "a.pdf" },
          ]),
        ),
      ),
    ).toEqual(["comment"]);
    expect(
      Object.keys(await fields(await p.upload([{ name: "type", value: "passport" }]))),
    ).toEqual(["file"]);
    expect(
      Object.keys(await fields(await p.upload([{ name: "file", value: PDF, fileName: "a.pdf" }]))),
    ).toEqual(["type"]);
    const json = await app.inject({
      method: "POST",
      url: "/api/player/documents",
      headers: p.headers,
      payload: { type: "passport" },
    });
    expect(Object.keys(await fields(json))).toEqual(["file"]);
    expectErrorCode(
      await app.inject({
        method: "POST",
        url: "/api/player/documents",
        payload: multipart([{ name: "type", value: "passport" }]).payload,
        headers: multipart([]).headers,
      }),
      401,
      401,
    );
  });

  it("BE-35 a file over DOCUMENTS_MAX_BYTES is 413 with a coded JSON body", async () => {
    const p = await player();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_BYTES, 0x20)]);
    const response = await p.file(big, "big.pdf");
    expectErrorCode(response, 413, ErrorCode.PayloadTooLarge);
    expect(response.json().error.message).toContain("larger than");
    expect((await p.list()).data).toEqual([]);
  });

  it("BE-35 uploads are limited per player and hour (429 with Retry-After)", async () => {
    const p = await player();
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      const bytes = i % 2 === 0 ? PDF : Buffer.alloc(0);
      await p.file(bytes, "statement.pdf");
    }
    const refused = await p.file(PDF, "statement.pdf");
    expectErrorCode(refused, 429, ErrorCode.TooManyRequests);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another player is not affected.
    expect((await (await player()).file(PDF, "statement.pdf")).statusCode).toBe(201);
  });
});

describe("operator review of documents (KY-01, BE-35)", () => {
  it("BE-35 KY-01 the queue lists pending documents oldest first; approve once, a second decision is 409; the player sees the status", async () => {
    const p = await player();
    const first = (await p.file(png(), "passport.png")).json().data;
    app.clock.advance(1);
    const second = (await p.file(png(), "bill.png", "proofOfAddress")).json().data;
    const queue = await app.inject({ url: "/api/operator/documents?limit=200", headers: operator });
    expect(queue.statusCode, queue.body).toBe(200);
    const ids = queue.json().data.map((item: { id: string }) => item.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.json().data.find((item: { id: string }) => item.id === first.id)).toMatchObject({
      status: 1,
      type: "passport",
      reviewedBy: null,
    });

    const file = await app.inject({
      url: `/api/operator/documents/${first.id}/file`,
      headers: operator,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toMatch(/^attachment;/);

    const review = (id: string, body: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: `/api/operator/documents/${id}/review`,
        headers: operator,
        payload: body,
      });
    const [approved, raced] = await Promise.all([
      review(first.id, { decision: "approve", reviewer: "kim" }),
      review(first.id, { decision: "reject", reviewer: "lee", reason: "Blurred" }),
    ]);
    const statuses = [approved.statusCode, raced.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = approved.statusCode === 200 ? approved : raced;
    const rejected = await review(second.id, {
      decision: "reject",
      reviewer: "kim",
      reason: "The address is cut off",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The body's reviewer is ignored: who decided is the key that called (the root key here).
    expect(rejected.json().data).toMatchObject({ status: 3, reviewedBy: "root" });

    const mine = (await p.list()).data as {
      id: string;
      status: number;
      reviewReason: string | null;
    }[];
    expect(mine.find((item) => item.id === second.id)).toMatchObject({
      status: 3,
      reviewReason: "The address is cut off",
    });
    expect(mine.find((item) => item.id === first.id)!.status).toBe(winner.json().data.status);
    const pending = (
      await app.inject({ url: "/api/operator/documents?limit=200", headers: operator })
    )
      .json()
      .data.map((item: { id: string }) => item.id);
    expect(pending).not.toContain(first.id);
    expect(pending).not.toContain(second.id);
  });

  it("BE-35 a review by a named operator key records the key's name as the reviewer (a reviewer in the body is ignored) and writes the audit trail; a key without the players scope gets 403", async () => {
    const issue = async (name: string, scopes: string[]) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/operator/api-keys",
        headers: operator,
        payload: { name, scopes },
      });
      expect(response.statusCode, response.body).toBe(201);
      return { authorization: `Bearer ${response.json().data.token}` };
    };
    const desk = await issue("KYC desk: Robin", ["players"]);
    const games = await issue("Games desk", ["games"]);
    const p = await player();
    const doc = (await p.file(png(), "passport.png")).json().data;
    const url = `/api/operator/documents/${doc.id}/review`;
    const forbidden = await app.inject({
      method: "POST",
      url,
      headers: games,
      payload: { decision: "approve" },
    });
    expectErrorCode(forbidden, 403, ErrorCode.Forbidden);
    const reviewed = await app.inject({
      method: "POST",
      url,
      headers: desk,
      payload: { decision: "approve", reviewer: "Somebody Else" },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().data).toMatchObject({ status: 2, reviewedBy: "KYC desk: Robin" });
    const trail = await app.inject({
      url: `/api/operator/changes?kind=player-document&entityId=${doc.id}`,
      headers: operator,
    });
    expect(trail.json().data).toEqual([
      expect.objectContaining({
        kind: "player-document",
        entityId: doc.id,
        action: "update",
        changes: { decision: "approve", reason: null },
        actor: "KYC desk: Robin",
        actorKeyId: expect.any(Number),
      }),
    ]);
  });

  it("BE-35 a rejection needs a reason; bad ids, unknown documents and a missing token get clear errors", async () => {
    const p = await player();
    const doc = (await p.file(png(), "passport.png")).json().data;
    const review = (
      id: string,
      body: Record<string, unknown>,
      headers: Record<string, string> = operator,
    ) =>
      app.inject({
        method: "POST",
        url: `/api/operator/documents/${id}/review`,
        headers,
        payload: body,
      });
    const noReason = await review(doc.id, { decision: "reject", reviewer: "kim" });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.fields.reason).toBeDefined();
    expect((await review("not-a-uuid", { decision: "approve", reviewer: "kim" })).statusCode).toBe(
      422,
    );
    expect((await review(randomUUID(), { decision: "approve", reviewer: "kim" })).statusCode).toBe(
      404,
    );
    expect((await review(doc.id, { decision: "approve", reviewer: "kim" }, {})).statusCode).toBe(
      401,
    );
    expect(
      (await app.inject({ url: "/api/operator/documents?status=9", headers: operator })).statusCode,
    ).toBe(422);
    // A player's token is not an operator's.
    expect(
      (await app.inject({ url: "/api/operator/documents", headers: p.headers })).statusCode,
    ).toBe(401);
  });
});
