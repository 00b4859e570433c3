// POST /api/game/wallet/{provider}/bulk: up to 1000 settling calls (win, rollback, resettle) in
// one signed request (docs/provider-wallet-api.md "Bulk"), for when a match ends and tens of
// thousands of bets settle at once. Each item is its single call's body, validated and applied
// exactly as that call (idempotent by its own transactionId); the answer has one result per
// item, in order, with the status and body the single call would have answered. A bad item
// gets its own 422 or coded result and does not touch the others.
//
// Fast: the items of different players run at once, so their wins go through the batched wallet
// path (wallet-batch.ts: many players' calls in one transaction, each player locked only for
// its batch); the items of one player (one game session token) run one after another, in order.
// Rollbacks and resettlements run in transactions of their own, a few at a time.
import {
  type ProviderBulkBody,
  ProviderResettleBody,
  ProviderRollbackBody,
  ProviderWinBody,
} from "@casino/contract/game";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError, errorBody } from "../../infra/errors";
import type { GameProviderRecord } from "./provider-signature";
import { ProviderWalletFailure, ReplayedAnswer } from "./provider-wallet";
import type { GameWalletBatcher } from "./wallet-batch";
import { prepareCall } from "./wallet-calls";
import type { StoredAnswer } from "./wallet-repository";
import { walletResettle } from "./wallet-resettle";
import { walletRollback } from "./wallet-rollback";

/** Rollbacks and resettlements of one bulk call in their own transactions at once, at most. */
const ALONE_AT_ONCE = 4;

export interface BulkResult {
  transactionId: string | null;
  status: number;
  data?: Record<string, unknown>;
  error?: { code: number; message: string; fields?: Record<string, string[]> };
  balance?: Record<string, unknown>;
}

/** zod issues as error.fields (the same names the single call's 422 gives). */
function fieldsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (name: string, message: string) => {
    fields[name] = [...(fields[name] ?? []), message];
  };
  for (const issue of error.issues) {
    const name = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(name ? `${name}.${key}` : key, "Unknown field");
      continue;
    }
    add(name || "body", issue.message);
  }
  return fields;
}

/** What the single call would have answered, for an error it threw (null: a fault). */
function answerOf(error: unknown): StoredAnswer | null {
  if (error instanceof ReplayedAnswer) return error.answer;
  if (error instanceof ProviderWalletFailure) return error.answer();
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  return null;
}

/** A tiny semaphore: at most `limit` of `run` at once. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await run();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export async function walletBulk(
  ctx: AppContext,
  provider: GameProviderRecord,
  batcher: GameWalletBatcher,
  body: ProviderBulkBody,
  /** A fault of one item (logged by the caller): that item answers 500, the others go on. */
  onFault: (error: unknown) => void,
): Promise<BulkResult[]> {
  const alone = limiter(ALONE_AT_ONCE);
  const one = async (item: ProviderBulkBody["items"][number]): Promise<StoredAnswer> => {
    try {
      if (item.call === "win") {
        const parsed = ProviderWinBody.safeParse(item.body);
        if (!parsed.success) throw AppError.unprocessable(fieldsOf(parsed.error));
        return await batcher.run(await prepareCall(ctx, provider, parsed.data, "win"));
      }
      if (item.call === "rollback") {
        const parsed = ProviderRollbackBody.safeParse(item.body);
        if (!parsed.success) throw AppError.unprocessable(fieldsOf(parsed.error));
        return await alone(() => walletRollback(ctx, provider, parsed.data));
      }
      const parsed = ProviderResettleBody.safeParse(item.body);
      if (!parsed.success) throw AppError.unprocessable(fieldsOf(parsed.error));
      return await alone(() => walletResettle(ctx, provider, parsed.data));
    } catch (error) {
      const answer = answerOf(error);
      if (answer) return answer;
      onFault(error);
      return { status: 500, body: errorBody(500, "Internal Server Error") };
    }
  };

  // One chain per game session token: its items in order; chains side by side.
  const answers: StoredAnswer[] = new Array(body.items.length);
  const chains = new Map<string, number[]>();
  body.items.forEach((item, index) => {
    const token = typeof item.body.token === "string" ? item.body.token : `#${index}`;
    const chain = chains.get(token);
    if (chain) chain.push(index);
    else chains.set(token, [index]);
  });
  await Promise.all(
    [...chains.values()].map(async (indexes) => {
      for (const index of indexes) answers[index] = await one(body.items[index]!);
    }),
  );

  return body.items.map((item, index) => {
    const answer = answers[index]!;
    const transactionId =
      typeof item.body.transactionId === "string" ? item.body.transactionId : null;
    const result = answer.body as {
      data?: Record<string, unknown>;
      error?: BulkResult["error"];
      balance?: Record<string, unknown>;
    };
    return {
      transactionId,
      status: answer.status,
      ...(result.data ? { data: result.data } : {}),
      ...(result.error ? { error: result.error } : {}),
      ...(result.balance ? { balance: result.balance } : {}),
    };
  });
}
