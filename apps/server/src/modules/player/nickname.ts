// Nickname uniqueness (issue 31 item 9): the operator's `nickname.unique` setting (site_settings
// row, NICKNAME_UNIQUE overrides it) makes a nickname unique among players, compared
// case-insensitively. The rules of a nickname itself are the contract's (NicknameInput).
import { randomInt } from "node:crypto";
import { graphemes, NICKNAME_MAX, nicknameFrom } from "@casino/contract/nickname";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { resolvePublicSettingValues } from "../settings/public-settings";
import { settingsRepository } from "../settings/repository";

/** Whether the operator wants nicknames unique (read on every sign-up and profile change). */
export async function nicknamesUnique(ctx: AppContext): Promise<boolean> {
  const stored = await settingsRepository(ctx.db).siteSettings();
  const values = resolvePublicSettingValues(stored, ctx.config.publicSettingOverrides);
  return values["nickname.unique"] === true;
}

/** Whether another player (not `playerId`) has this nickname in any letter case. */
export async function nicknameTaken(
  db: Queryable,
  nickname: string,
  playerId: string | null,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM players WHERE lower(nickname) = lower($1)
       AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
    [nickname, playerId],
  );
  return rows.length > 0;
}

/**
 * In a transaction about to store `nickname`: waits for any other transaction storing the same
 * nickname (in any case) to finish, then tells whether it is taken. Two sign-ups racing for one
 * nickname cannot both see it free.
 */
export async function lockAndCheckNickname(
  tx: Queryable,
  nickname: string,
  playerId: string | null,
): Promise<boolean> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [
    `nickname:${nickname.toLowerCase()}`,
  ]);
  return nicknameTaken(tx, nickname, playerId);
}

/**
 * The nickname of a new player made from free text (an e-mail's local part, a social name), in
 * the transaction that creates the player. When nicknames are unique and it is taken, a short
 * number is added ("jane" → "jane_4821"); null when nothing usable is left.
 */
export async function derivedNickname(
  tx: Queryable,
  source: string | null,
  unique: boolean,
): Promise<string | null> {
  const base = source === null ? null : nicknameFrom(source);
  if (base === null || !unique) return base;
  if (!(await lockAndCheckNickname(tx, base, null))) return base;
  const stem = graphemes(base)
    .slice(0, NICKNAME_MAX - 5)
    .join("")
    .replace(/[ ._-]+$/, "");
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = `${stem}_${randomInt(1000, 10000)}`;
    if (!(await lockAndCheckNickname(tx, candidate, null))) return candidate;
  }
  return null;
}
