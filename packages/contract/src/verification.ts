import { z } from "zod";

/**
 * Identity verification (KY-04, BE-36) and player documents (KY-01..KY-03, BE-35).
 *
 * Verification status of a player: notStarted until a session is opened, pending while the
 * provider decides, then verified or rejected (a rejected player may start again).
 */
export const VerificationStatus = z.enum(["notStarted", "pending", "verified", "rejected"]);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const VerificationProviderParams = z.strictObject({
  provider: z.string().min(1).max(64),
});

/** POST /api/player/services/{provider}/auth: the token the provider's page is opened with. */
export const VerificationToken = z
  .object({
    provider: z.string(),
    token: z.string(),
    /** The provider's page for this token, embeddable in an iframe. */
    url: z.string(),
    status: VerificationStatus,
  })
  .meta({ id: "VerificationToken" });
export const VerificationTokenResponse = z.object({ data: VerificationToken });

/** GET /api/player/verification: the player's status and the configured provider. */
export const VerificationState = z
  .object({
    status: VerificationStatus,
    provider: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "VerificationState" });
export const VerificationStateResponse = z.object({ data: VerificationState });

/**
 * Document types a player may upload. The spec names only player.document.status among the
 * constants; the types are this list.
 */
export const DocumentType = z.enum([
  "passport",
  "idCard",
  "drivingLicence",
  "proofOfAddress",
  "bankStatement",
  "selfie",
  "other",
]);
export type DocumentType = z.infer<typeof DocumentType>;
export const DOCUMENT_TYPES = DocumentType.options;

/** player.document.status (seeded constants): 1 pending, 2 approved, 3 rejected. */
export const DocumentStatus = { Pending: 1, Approved: 2, Rejected: 3 } as const;

/** Accepted files: extension and the content type the server stores (content is checked too). */
export const DOCUMENT_FILE_TYPES = [
  { extensions: [".jpg", ".jpeg"], contentType: "image/jpeg" },
  { extensions: [".png"], contentType: "image/png" },
  { extensions: [".pdf"], contentType: "application/pdf" },
] as const;
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";
/** The default size limit (DOCUMENTS_MAX_BYTES); the list answer carries the configured one. */
export const DOCUMENT_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** The extension's content type, or null when the name's extension is not accepted. */
export function documentContentTypeOf(fileName: string): string | null {
  const lower = fileName.toLowerCase();
  const dot = lower.lastIndexOf(".");
  if (dot < 0) return null;
  const extension = lower.slice(dot);
  const match = DOCUMENT_FILE_TYPES.find((item) =>
    (item.extensions as readonly string[]).includes(extension),
  );
  return match?.contentType ?? null;
}

export const PlayerDocument = z
  .object({
    id: z.uuid(),
    type: DocumentType,
    /** player.document.status */
    status: z.number().int(),
    /** The player's own file name, for display only (stored under a server-made name). */
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    createdAt: z.string(),
    /** Approved documents are kept: the player cannot delete them. */
    deletable: z.boolean(),
    /** Why an operator rejected it (shown to the player); null otherwise. */
    reviewReason: z.string().nullable(),
    reviewedAt: z.string().nullable(),
  })
  .meta({ id: "PlayerDocument" });
export type PlayerDocument = z.infer<typeof PlayerDocument>;

export const DocumentUploadRules = z.object({
  maxBytes: z.number().int(),
  types: z.array(DocumentType),
  extensions: z.array(z.string()),
});
export type DocumentUploadRules = z.infer<typeof DocumentUploadRules>;

export const PlayerDocumentList = z.object({
  data: z.array(PlayerDocument),
  meta: DocumentUploadRules,
});
export const PlayerDocumentResponse = z.object({ data: PlayerDocument });
export const DocumentIdParams = z.strictObject({ id: z.uuid() });

/** The text parts of POST /api/player/documents (multipart); the file part is named `file`. */
export const DocumentUploadFields = z.strictObject({ type: DocumentType });

// ---------------------------------------------------------------------------------------------
// Operator review of documents (/api/operator/documents, OPERATOR_API_TOKEN).

export const OperatorDocument = PlayerDocument.extend({
  playerId: z.uuid(),
  playerEmail: z.string().nullable(),
  reviewedBy: z.string().nullable(),
}).meta({ id: "OperatorDocument" });
export type OperatorDocument = z.infer<typeof OperatorDocument>;

export const OperatorDocumentQuery = z.strictObject({
  /** player.document.status; default 1 (waiting for review), oldest first. */
  status: z.coerce.number().int().min(1).max(3).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const OperatorDocumentList = z.object({ data: z.array(OperatorDocument) });

export const DocumentReviewBody = z
  .strictObject({
    decision: z.enum(["approve", "reject"]),
    /** Accepted for older tools and ignored: the calling key (or user) is recorded as reviewer. */
    reviewer: z.string().trim().min(1).max(100).optional(),
    /** Required to reject: the player reads it. */
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .refine((body) => body.decision === "approve" || body.reason !== undefined, {
    path: ["reason"],
    message: "Say why the document is rejected",
  })
  .meta({ id: "DocumentReview" });
export type DocumentReviewBody = z.infer<typeof DocumentReviewBody>;
export const OperatorDocumentResponse = z.object({ data: OperatorDocument });
