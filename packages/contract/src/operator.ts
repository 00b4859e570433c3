// The operator API (/api/operator/...): back-office calls authenticated with the
// OPERATOR_API_TOKEN bearer token, not a player session. Today: withdrawal approval (issue 4).
import { z } from "zod";
import { Invoice } from "./payment";
import { DecimalAmount } from "./wallet";

/** A withdrawal waiting for an operator (WITHDRAWAL_APPROVAL_ABOVE). */
export const PendingWithdrawal = z
  .object({
    id: z.uuid(),
    number: z.string(),
    playerId: z.uuid(),
    playerEmail: z.string().nullable(),
    method: z.string(),
    amount: DecimalAmount,
    currency: z.string(),
    fields: z.record(z.string(), z.string()),
    createdAt: z.string(),
  })
  .meta({ id: "PendingWithdrawal" });
export type PendingWithdrawal = z.infer<typeof PendingWithdrawal>;

export const PendingWithdrawalList = z.object({ data: z.array(PendingWithdrawal) });

export const WithdrawalReviewParams = z.object({ id: z.uuid() });

/** Who decided, for the audit trail (the invoice keeps reviewed_by and reviewed_at). */
export const WithdrawalReviewBody = z
  .strictObject({ reviewer: z.string().trim().min(1).max(100) })
  .meta({ id: "WithdrawalReview" });

export const WithdrawalReviewResponse = z.object({ data: Invoice });
