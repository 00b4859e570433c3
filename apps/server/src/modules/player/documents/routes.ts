import { ErrorBody, ErrorCode } from "@casino/contract/errors";
import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_TYPES,
  DocumentIdParams,
  DocumentReviewBody,
  DocumentUploadFields,
  OperatorDocumentList,
  OperatorDocumentQuery,
  OperatorDocumentResponse,
  PlayerDocumentList,
  PlayerDocumentResponse,
} from "@casino/contract/verification";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import { cachePrivate, errorResponses } from "../../../lib/http";
import { operatorApi, operatorErrors } from "../../../lib/operator-api";
import { playerOf, requirePlayer } from "../authenticate";
import { createLocalFileStorage, type FileStorage } from "./file-storage";
import { deleteDocument, listDocuments, readDocumentFile } from "./manage-documents";
import type { DocumentRecord } from "./repository";
import { listDocumentsForReview, readDocumentForReview, reviewDocument } from "./review-documents";
import { type UploadInput, uploadDocument } from "./upload-document";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;
const MULTIPART_FIELDS = new Set(["type", "file"]);
/** Upload attempts per player and hour (each may cost seconds of image decoding). */
export const UPLOADS_PER_HOUR = 30;

/**
 * Player documents (KY-01..KY-03, BE-35) under /api/player/documents: list, upload
 * (multipart/form-data: a `type` field and one `file`), delete, and the file itself, only to
 * its owner (bearer token), never by a public URL.
 */
export async function documentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  storage: FileStorage = createLocalFileStorage(ctx.config.documents.uploadsDir),
): Promise<void> {
  const maxBytes = ctx.config.documents.maxBytes;
  const rules = {
    maxBytes,
    types: [...DOCUMENT_TYPES],
    extensions: DOCUMENT_FILE_TYPES.flatMap((item) => [...item.extensions]),
  };
  const tags = ["documents"];
  // Per node, like the other in-process abuse limits (RATE_LIMIT_SCALE multiplies it).
  const uploadLimiter = new RateLimiterMemory({
    keyPrefix: "documentUpload",
    points: UPLOADS_PER_HOUR * ctx.config.auth.rateLimitScale,
    duration: 60 * 60,
  });

  operatorDocumentRoutes(app, ctx, storage);

  // Multipart only in this scope: the rest of the API keeps its JSON-only parsers.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const preHandler = requirePlayer(ctx);

    api.get(
      "/api/player/documents",
      {
        preHandler,
        schema: {
          tags,
          summary: "The player's documents with status from player.document.status (KY-01)",
          querystring: z.strictObject({}),
          response: { 200: PlayerDocumentList, ...authErrors },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        return { data: await listDocuments(ctx, playerOf(request).profileId), meta: rules };
      },
    );

    api.post(
      "/api/player/documents",
      {
        preHandler,
        schema: {
          tags,
          summary: "Upload a document: multipart/form-data with `type` and `file` (KY-02)",
          consumes: ["multipart/form-data"],
          response: {
            201: PlayerDocumentResponse,
            409: ErrorBody,
            413: ErrorBody,
            429: ErrorBody,
            503: ErrorBody,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        const { profileId } = playerOf(request);
        try {
          await uploadLimiter.consume(profileId);
        } catch (error) {
          if (error instanceof RateLimiterRes) {
            throw AppError.tooManyRequests(error.msBeforeNext / 1000);
          }
          throw error;
        }
        const input = await readUpload(request, maxBytes);
        const document = await uploadDocument(ctx, storage, profileId, input);
        return reply.code(201).send({ data: document });
      },
    );

    api.delete(
      "/api/player/documents/:id",
      {
        preHandler,
        schema: {
          tags,
          summary: "Delete one of the player's documents; approved ones are kept (KY-03)",
          params: DocumentIdParams,
          response: { 200: PlayerDocumentResponse, 409: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        const { profileId } = playerOf(request);
        return {
          data: await deleteDocument(ctx, storage, profileId, request.params.id, request.log),
        };
      },
    );

    api.get(
      "/api/player/documents/:id/file",
      {
        preHandler,
        schema: {
          tags,
          summary: "The document's file, to its owner only, as an attachment",
          params: DocumentIdParams,
          response: { ...authErrors },
        },
      },
      async (request, reply) => {
        const { profileId } = playerOf(request);
        const { record, bytes } = await readDocumentFile(
          ctx,
          storage,
          profileId,
          request.params.id,
        );
        return sendDocumentFile(reply, record, bytes);
      },
    );
  });
}

/** A document's file as an attachment nobody's browser will render or sniff. */
function sendDocumentFile(reply: FastifyReply, record: DocumentRecord, bytes: Buffer) {
  const extension = DOCUMENT_FILE_TYPES.find((item) => item.contentType === record.contentType)
    ?.extensions[0];
  return reply
    .header("cache-control", "no-store")
    .header("content-type", record.contentType)
    .header(
      "content-disposition",
      `attachment; filename="${record.type}-${record.id}${extension ?? ""}"`,
    )
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("x-content-type-options", "nosniff")
    .send(bytes as never);
}

/**
 * The operator's review of documents (OPERATOR_API_TOKEN; off without it): the queue, a file,
 * and one decision per document.
 */
function operatorDocumentRoutes(app: FastifyInstance, ctx: AppContext, storage: FileStorage) {
  const operator = operatorApi(app, ctx, "players");
  if (!operator) return;
  const { api, guard, tags } = operator;
  const errors = operatorErrors;

  api.get(
    "/api/operator/documents",
    {
      ...guard,
      schema: {
        tags,
        summary: "Player documents in a status (default 1, waiting for review), oldest first",
        querystring: OperatorDocumentQuery,
        response: { 200: OperatorDocumentList, ...errors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await listDocumentsForReview(ctx, request.query) };
    },
  );

  api.get(
    "/api/operator/documents/:id/file",
    {
      ...guard,
      schema: {
        tags,
        summary: "A document's file, for the reviewer",
        params: DocumentIdParams,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { record, bytes } = await readDocumentForReview(ctx, storage, request.params.id);
      return sendDocumentFile(reply, record, bytes);
    },
  );

  api.post(
    "/api/operator/documents/:id/review",
    {
      ...guard,
      schema: {
        tags,
        summary: "Approve or reject (with a reason the player sees) a pending document, once",
        params: DocumentIdParams,
        body: DocumentReviewBody,
        response: { 200: OperatorDocumentResponse, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await reviewDocument(ctx, request.params.id, request.body) };
    },
  );
}

/**
 * The multipart body: `type` (a document type) and one `file`, nothing else. Every problem is a
 * 422 with the part named in error.fields; a file over the limit is 413 with a coded body.
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadInput> {
  if (!request.isMultipart()) {
    throw AppError.unprocessable({ file: ["Send the document as multipart/form-data"] });
  }
  const fields: Record<string, string> = {};
  const unknown: Record<string, string[]> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (!MULTIPART_FIELDS.has(part.fieldname)) {
        unknown[part.fieldname.slice(0, 64)] = ["Unknown field"];
        if (part.type === "file") part.file.resume();
        continue;
      }
      if (part.type === "file") {
        if (part.fieldname !== "file" || file) {
          part.file.resume();
          unknown[part.fieldname] = ["Send one file in the file field"];
          continue;
        }
        file = { name: part.filename ?? "", bytes: await part.toBuffer() };
      } else {
        if (part.fieldname === "file") {
          unknown.file = ["Choose a file"];
          continue;
        }
        fields[part.fieldname] = String(part.value);
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
        { connection: "close" },
      );
    }
    if (status !== undefined && status >= 400 && status < 500) {
      throw AppError.unprocessable({ file: ["The upload could not be read"] });
    }
    throw error;
  }
  const parsed = DocumentUploadFields.safeParse(fields);
  const problems: Record<string, string[]> = { ...unknown };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "type");
      problems[name] = [...(problems[name] ?? []), issue.message];
    }
  }
  if (!file) problems.file = [...(problems.file ?? []), "Choose a file"];
  if (Object.keys(problems).length > 0 || !parsed.success || !file) {
    throw AppError.unprocessable(problems);
  }
  return { type: parsed.data.type, fileName: file.name, bytes: file.bytes };
}
