// The chat's attachments (issue 26): images and PDFs through the same checks as documents
// (sanitiseUpload: extension and signature agree, images re-encoded), stored under a random key
// with the documents' file storage, and served by signed links (tokens.ts) so both sides can
// show them in an <img> or a link without a bearer header.
import { CHAT_LIMITS, ChatMessageResponse } from "@casino/contract/chat";
import { ErrorBody, ErrorCode } from "@casino/contract/errors";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { cachePrivate, errorResponses } from "../../lib/http";
import { requirePlayer } from "../player/authenticate";
import {
  createLocalFileStorage,
  type FileStorage,
  newStorageKey,
} from "../player/documents/file-storage";
import { displayName, sanitiseUpload } from "../player/documents/upload-document";
import { MESSAGE_COLUMNS, type MessageRow, storedAttachment } from "./conversations";
import { chatIdentity, sendPlayerMessage } from "./player-chat";
import { attachmentLinkValid } from "./tokens";

const FIELDS = new Set(["file", "text"]);

export async function chatAttachmentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  storage: FileStorage = createLocalFileStorage(ctx.config.documents.uploadsDir),
): Promise<void> {
  const maxBytes = Math.min(ctx.config.documents.maxBytes, CHAT_LIMITS.attachmentMaxBytes);
  const bearer = requirePlayer(ctx);
  const optionalPlayer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) return;
    await bearer.call(app, request, reply);
  };

  // The file itself, by its signed link: the same answer headers as a document's file.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/chat/attachments/:id",
    {
      schema: {
        tags: ["chat"],
        summary: "An attachment's file, by the signed link in ChatAttachment.url",
        params: z.object({ id: z.string().regex(/^[0-9]{1,18}$/) }),
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
        response: { ...errorResponses, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const valid = attachmentLinkValid(ctx.config.secrets.jwtSecret, {
        messageId: id,
        exp: request.query.exp,
        sig: request.query.sig,
        now: ctx.now(),
      });
      if (!valid) throw AppError.notFound("No such attachment");
      const [row] = await ctx.db.query<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m WHERE m.id = $1`,
        [id],
      );
      const attachment = row ? storedAttachment(row) : null;
      const bytes = attachment ? await storage.get(attachment.storageKey) : null;
      if (!attachment || !bytes) throw AppError.notFound("No such attachment");
      const disposition = attachment.contentType === "application/pdf" ? "attachment" : "inline";
      return reply
        .header("cache-control", "private, max-age=3600")
        .header("content-type", attachment.contentType)
        .header(
          "content-disposition",
          `${disposition}; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
        )
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("x-content-type-options", "nosniff")
        .send(bytes as never);
    },
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 16 * 1024 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/chat/conversation/attachments",
      {
        preHandler: optionalPlayer,
        schema: {
          tags: ["chat"],
          summary: "Send an image or PDF (multipart/form-data: `file`, optional `text`)",
          consumes: ["multipart/form-data"],
          response: {
            201: ChatMessageResponse,
            401: ErrorBody,
            403: ErrorBody,
            413: ErrorBody,
            429: ErrorBody,
            503: ErrorBody,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        const identity = await chatIdentity(ctx, request);
        const upload = await readUpload(request, maxBytes);
        const { bytes, contentType } = await sanitiseUpload(upload.fileName, upload.bytes);
        const storageKey = newStorageKey();
        await storage.put(storageKey, bytes);
        try {
          const { message } = await sendPlayerMessage(ctx, identity, {
            text: upload.text,
            attachment: {
              storageKey,
              fileName: displayName(upload.fileName),
              contentType,
              size: bytes.length,
            },
          });
          return reply.code(201).send({ data: message });
        } catch (error) {
          await storage.delete(storageKey).catch(() => {});
          throw error;
        }
      },
    );
  });
}

async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fileName: string; bytes: Buffer; text: string }> {
  if (!request.isMultipart()) {
    throw AppError.unprocessable({ file: ["Send the file as multipart/form-data"] });
  }
  let file: { name: string; bytes: Buffer } | null = null;
  let text = "";
  const problems: Record<string, string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (!FIELDS.has(part.fieldname)) {
        problems[part.fieldname.slice(0, 64)] = ["Unknown field"];
        if (part.type === "file") part.file.resume();
        continue;
      }
      if (part.type === "file") {
        if (part.fieldname !== "file" || file) {
          part.file.resume();
          problems[part.fieldname] = ["Send one file in the file field"];
          continue;
        }
        file = { name: part.filename ?? "", bytes: await part.toBuffer() };
      } else if (part.fieldname === "text") {
        text = String(part.value);
      } else {
        problems.file = ["Choose a file"];
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) {
      const megabytes = Math.floor((maxBytes / 1024 / 1024) * 10) / 10;
      throw new AppError(
        413,
        ErrorCode.PayloadTooLarge,
        `The file is larger than ${megabytes} MB`,
        undefined,
        {
          connection: "close",
        },
      );
    }
    if (status !== undefined && status >= 400 && status < 500) {
      throw AppError.unprocessable({ file: ["The upload could not be read"] });
    }
    throw error;
  }
  if (!file) problems.file = problems.file ?? ["Choose a file"];
  if (Object.keys(problems).length > 0) throw AppError.unprocessable(problems);
  return { fileName: file!.name, bytes: file!.bytes, text };
}
