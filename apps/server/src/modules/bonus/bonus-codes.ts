// Bonus codes (BE-30, API-53..API-55, BN-10, BN-11, DP-19, DP-20, ER-19). Trigger 1 applies a
// code at once (status 2 applied, 3 incorrect, 4 not available); a code configured for the next
// deposit falls back to trigger 3 (stored, status 1). Trigger 3 stores it; the next successful
// deposit applies it. A code is stored or applied once per player: every attempt runs under the
// player's row lock, and a partial unique index backs that up.
import {
  BonusCodeStatus,
  type PlayerBonusCode,
  type PlayerBonusCodeEvent,
} from "@casino/contract/bonus";
import { playerChannel } from "@casino/contract/realtime";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { InvoiceSucceededPayload } from "../../infra/domain-events";
import { AppError } from "../../infra/errors";
import { walletRepository } from "../wallet/repository";
import { depositFits, findBonus, loadCurrencies } from "./definitions";
import { issueBonus } from "./issue-bonus";
import { bonusRepository, lockPlayer, type PlayerBonusCodeRecord } from "./repository";

interface BonusCodeRow {
  id: number;
  bonus_id: number;
  trigger: number;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  uses: number;
  is_enabled: boolean;
}

function view(record: PlayerBonusCodeRecord): PlayerBonusCode {
  const { bonusCodeId: _ignored, ...code } = record;
  return code;
}

async function publishCode(
  tx: Queryable,
  ctx: AppContext,
  playerId: string,
  record: PlayerBonusCodeRecord,
  type: PlayerBonusCodeEvent["type"] = "bonus.player-bonus-code.updated",
) {
  const event: PlayerBonusCodeEvent = { type, playerBonusCode: view(record) };
  await walletRepository(tx).enqueueEvent(playerChannel("bonusCodes", playerId), event, ctx.now());
}

async function activeCurrency(tx: Queryable, playerId: string): Promise<string | null> {
  const [row] = await tx.query<{ currency: string }>(
    "SELECT currency FROM wallet_accounts WHERE player_id = $1 AND is_active",
    [playerId],
  );
  return row?.currency ?? null;
}

/** Takes one use of the code; false when used up. */
async function takeUse(tx: Queryable, codeId: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bonus_codes SET uses = uses + 1
      WHERE id = $1 AND (max_uses IS NULL OR uses < max_uses) RETURNING id`,
    [codeId],
  );
  return rows.length > 0;
}

/** POST /api/game/bonuses/bonuscodes. */
export async function addBonusCode(
  ctx: AppContext,
  playerId: string,
  input: { bonusCode: string; trigger: 1 | 3 },
): Promise<PlayerBonusCode> {
  const code = input.bonusCode.trim().toUpperCase();
  return ctx.db
    .transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      const now = ctx.now();
      const repo = bonusRepository(tx);
      const record = (status: number, trigger: number, bonusCodeId: number | null) =>
        repo.insertCode({ playerId, bonusCodeId, code, trigger, status, playerBonusId: null, now });
      const finish = async (saved: PlayerBonusCodeRecord) => {
        await publishCode(tx, ctx, playerId, saved);
        return view(saved);
      };

      const [definition] = /^[A-Z0-9_-]{1,64}$/.test(code)
        ? await tx.query<BonusCodeRow>(
            // A code of a bonus the operator switched off is not available either.
            `SELECT c.id, c.bonus_id, c.trigger, c.starts_at, c.ends_at, c.max_uses, c.uses,
                    (c.is_enabled AND b.is_enabled) AS is_enabled
               FROM bonus_codes c JOIN bonuses b ON b.id = c.bonus_id WHERE c.code = $1`,
            [code],
          )
        : [];
      if (!definition) return finish(await record(BonusCodeStatus.Incorrect, input.trigger, null));
      const open =
        definition.is_enabled &&
        (definition.starts_at === null || new Date(definition.starts_at) <= now) &&
        (definition.ends_at === null || new Date(definition.ends_at) > now) &&
        (definition.max_uses === null || definition.uses < definition.max_uses);
      const taken = await tx.query(
        "SELECT 1 FROM player_bonus_codes WHERE player_id = $1 AND bonus_code_id = $2 AND status IN (1, 2)",
        [playerId, definition.id],
      );
      if (!open || taken.length > 0) {
        return finish(await record(BonusCodeStatus.NotAvailable, input.trigger, definition.id));
      }
      // A deposit code asked to apply now falls back to the next deposit (ER-19).
      if (input.trigger === 3 || definition.trigger === 3) {
        return finish(await record(BonusCodeStatus.Stored, 3, definition.id));
      }
      const currency = await activeCurrency(tx, playerId);
      const saved = await record(BonusCodeStatus.Applied, 1, definition.id);
      const issued =
        currency === null
          ? null
          : await issueBonus(tx, ctx, {
              playerId,
              bonusId: definition.bonus_id,
              currency,
              source: `code:${saved.id}`,
            });
      if (!issued || !(await takeUse(tx, definition.id))) {
        // Nothing to grant in this currency, or the last use went to someone else just now: the
        // issue (if any) rolls back with the savepoint-free transaction, so refuse as a whole.
        throw new NotAvailable();
      }
      const applied = await repo.updateCode(
        saved.id,
        BonusCodeStatus.Applied,
        issued.kind === "bonus" ? issued.id : null,
        now,
      );
      return finish(applied);
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof NotAvailable)) throw error;
      // The attempt rolled back; record the refusal on its own.
      return ctx.db.transaction(async (tx) => {
        await lockPlayer(tx, playerId);
        const [definition] = await tx.query<{ id: number }>(
          "SELECT id FROM bonus_codes WHERE code = $1",
          [code],
        );
        const saved = await bonusRepository(tx).insertCode({
          playerId,
          bonusCodeId: definition?.id ?? null,
          code,
          trigger: input.trigger,
          status: BonusCodeStatus.NotAvailable,
          playerBonusId: null,
          now: ctx.now(),
        });
        await publishCode(tx, ctx, playerId, saved);
        return view(saved);
      });
    });
}

class NotAvailable extends Error {}

/** GET /api/game/bonuses/bonuscodes?trigger (stored and applied codes). */
export async function listBonusCodes(
  ctx: AppContext,
  playerId: string,
  trigger: number | null,
): Promise<PlayerBonusCode[]> {
  const records = await bonusRepository(ctx.db).listCodes(playerId, trigger);
  return records.filter((record) => trigger !== 3 || record.status === 1).map(view);
}

/** DELETE /api/game/bonuses/bonuscodes {playerBonusCodeId}: only a stored code (404 otherwise). */
export async function deleteBonusCode(
  ctx: AppContext,
  playerId: string,
  id: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const record = await bonusRepository(tx).findCode(playerId, id);
    if (!record || record.status !== BonusCodeStatus.Stored) {
      throw AppError.notFound("No stored bonus code with that id");
    }
    await tx.query("DELETE FROM player_bonus_codes WHERE id = $1", [id]);
    await publishCode(tx, ctx, playerId, record, "bonus.player-bonus-code.deleted");
  });
}

/** At a successful deposit: the latest stored code is applied (or found not available). */
export async function applyStoredCodeOnDeposit(
  tx: Queryable,
  ctx: AppContext,
  invoice: InvoiceSucceededPayload,
): Promise<void> {
  await lockPlayer(tx, invoice.playerId);
  const [stored] = await tx.query<{ id: string; bonus_code_id: number; bonus_id: number }>(
    `SELECT pc.id::text AS id, pc.bonus_code_id, c.bonus_id
       FROM player_bonus_codes pc JOIN bonus_codes c ON c.id = pc.bonus_code_id
      WHERE pc.player_id = $1 AND pc.status = 1 AND pc.trigger = 3
      ORDER BY pc.id DESC LIMIT 1`,
    [invoice.playerId],
  );
  if (!stored) return;
  const id = Number(stored.id);
  const now = ctx.now();
  const repo = bonusRepository(tx);
  const bonus = await findBonus(tx, stored.bonus_id);
  const currencies = await loadCurrencies(tx);
  const amount = BigInt(invoice.amount);
  const hasRange =
    bonus !== null &&
    ((bonus.trigger.invoiceAmountItems?.length ?? 0) > 0 ||
      bonus.trigger.baseCurrencyInvoiceAmountFrom != null ||
      bonus.trigger.baseCurrencyInvoiceAmountTo != null);
  const fits =
    bonus?.isEnabled && (!hasRange || depositFits(bonus, invoice.currency, amount, currencies));
  let updated: PlayerBonusCodeRecord;
  if (fits && (await takeUse(tx, stored.bonus_code_id))) {
    const issued = await issueBonus(tx, ctx, {
      playerId: invoice.playerId,
      bonusId: stored.bonus_id,
      currency: invoice.currency,
      source: `code:${id}`,
      depositAmount: amount,
      issueSessionId: `deposit:${invoice.invoiceId}`,
    });
    updated = await repo.updateCode(
      id,
      issued ? BonusCodeStatus.Applied : BonusCodeStatus.NotAvailable,
      issued?.kind === "bonus" ? issued.id : null,
      now,
    );
  } else {
    updated = await repo.updateCode(id, BonusCodeStatus.NotAvailable, null, now);
  }
  await publishCode(tx, ctx, invoice.playerId, updated);
}
