// The bonus server calls (spec §7 "Bonuses and games"; contract packages/contract/src/bonus.ts)
// as TanStack Query options and plain functions. Types only from the contract: no zod in the
// browser chunks.
import type {
  DepositBonus,
  PlayerBonus,
  PlayerBonusCode,
  PlayerFreespin,
} from "@casino/contract/bonus";
import { apiRequest } from "../../lib/api/api-client";

export type { DepositBonus, PlayerBonus, PlayerBonusCode, PlayerFreespin };

export const BONUS_KEY = ["bonus"] as const;
export const DEPOSIT_BONUSES_KEY = ["bonus", "deposit-bonuses"] as const;
export const BONUS_CODES_KEY = ["bonus", "codes"] as const;
export const PLAYER_BONUSES_KEY = ["bonus", "player-bonuses"] as const;
export const PLAYER_FREESPINS_KEY = ["bonus", "player-freespins"] as const;

/** The coded errors of the bonus routes (BonusErrorCode of the contract). */
export const BONUS_ERRORS = {
  activeBonusExists: 16001,
  invalidState: 16002,
  unsettledBets: 16003,
  cancelLocked: 16004,
} as const;

/** DP-17: GET /api/game/bonuses?currency&amount (the amount is debounced by the caller). */
export function depositBonusesQuery(currency: string, amount: string) {
  return {
    queryKey: [...DEPOSIT_BONUSES_KEY, currency, amount] as const,
    queryFn: () =>
      apiRequest<{ data: DepositBonus[] }>("/api/game/bonuses", {
        query: { currency, amount: amount || undefined },
      }).then((body) => body.data),
    staleTime: 30_000,
  };
}

/** DP-20: GET /api/game/bonuses/bonuscodes?trigger=3, the codes stored for the next deposit. */
export const storedCodesQuery = {
  queryKey: [...BONUS_CODES_KEY, 3] as const,
  queryFn: () =>
    apiRequest<{ data: PlayerBonusCode[] }>("/api/game/bonuses/bonuscodes", {
      query: { trigger: 3 },
    }).then((body) => body.data),
  staleTime: 30_000,
};

/** BN-10, DP-19: POST /api/game/bonuses/bonuscodes {bonusCode, trigger}. */
export const addBonusCode = (bonusCode: string, trigger: 1 | 3) =>
  apiRequest<{ data: PlayerBonusCode }>("/api/game/bonuses/bonuscodes", {
    method: "POST",
    body: { bonusCode, trigger },
  }).then((body) => body.data);

/** DP-19: DELETE /api/game/bonuses/bonuscodes {playerBonusCodeId}. */
export const deleteBonusCode = (playerBonusCodeId: number) =>
  apiRequest<unknown>("/api/game/bonuses/bonuscodes", {
    method: "DELETE",
    body: { playerBonusCodeId },
  });

/** BN-01: GET /api/game/player-bonuses?status[]&currency[] (all when no status is given). */
export function playerBonusesQuery(statuses: readonly number[] = []) {
  return {
    queryKey: [...PLAYER_BONUSES_KEY, statuses.join(",")] as const,
    queryFn: () =>
      apiRequest<{ data: PlayerBonus[] }>("/api/game/player-bonuses", {
        query: { status: statuses.length > 0 ? statuses : undefined },
      }).then((body) => body.data),
    staleTime: 10_000,
  };
}

/** BN-02: GET /api/game/player-freespins?status[]&currency[]. */
export function playerFreespinsQuery(statuses: readonly number[] = []) {
  return {
    queryKey: [...PLAYER_FREESPINS_KEY, statuses.join(",")] as const,
    queryFn: () =>
      apiRequest<{ data: PlayerFreespin[] }>("/api/game/player-freespins", {
        query: { status: statuses.length > 0 ? statuses : undefined },
      }).then((body) => body.data),
    staleTime: 10_000,
  };
}

export type BonusTarget = { kind: "bonus" | "freespin"; id: number };

/** BN-04, BN-05: PUT /api/game/player-bonuses|player-freespins/{id}/activate|cancel. */
export function changeBonus(target: BonusTarget, action: "activate" | "cancel") {
  const base = target.kind === "bonus" ? "player-bonuses" : "player-freespins";
  return apiRequest<{ data: PlayerBonus | PlayerFreespin }>(
    `/api/game/${base}/${target.id}/${action}`,
    { method: "PUT" },
  ).then((body) => body.data);
}

/** A modal value naming a bonus or free spin: "bonus:12", "freespin:3". */
export function targetValue(target: BonusTarget): string {
  return `${target.kind}:${target.id}`;
}

export function parseTarget(value: string | undefined): BonusTarget | null {
  const match = /^(bonus|freespin):(\d+)$/.exec(value ?? "");
  if (!match) return null;
  return { kind: match[1] as BonusTarget["kind"], id: Number(match[2]) };
}
