// One round of any in-house game from its parameters and the round's float stream: what the
// studio server plays (with fairness.ts floats) and what the browser verifier replays (with
// fairness-web.ts floats). Parameters and outcomes are plain JSON (amounts as minor-unit
// strings), so a stored round can be replayed as it was played.

import { type BaccaratBet, type BaccaratHand, baccaratPayout, playBaccarat } from "./baccarat";
import { assertDiceBet, dicePayout, rollDice } from "./dice";
import type { NextFloat } from "./draw";
import { assertLimboTarget, limboMultiplier, limboPayout } from "./limbo";
import { applyMultiplier, ratio } from "./rational";
import {
  type RouletteBet,
  type RouletteBetKind,
  rouletteBets,
  roulettePayout,
  spinRoulette,
} from "./roulette";
import { playSlot, type SlotSpin, slotConfig } from "./slot";

export const ROUND_GAMES = ["dice", "limbo", "roulette", "baccarat", "slot"] as const;
export type RoundGame = (typeof ROUND_GAMES)[number];

/** A roulette chip: the bet's kind, its position (see rouletteChipBet) and its stake. */
export interface RouletteChipParams {
  readonly kind: RouletteBetKind;
  /** straight: [n]; split: [a, b]; street and line: [row]; corner: [n]; dozen, column: [1..3]. */
  readonly at: readonly number[];
  /** Minor units. */
  readonly amount: string;
}

export type RoundParams =
  | {
      readonly game: "dice";
      readonly amount: string;
      readonly target: number;
      readonly direction: "under" | "over";
    }
  | { readonly game: "limbo"; readonly amount: string; readonly target: number }
  | { readonly game: "roulette"; readonly chips: readonly RouletteChipParams[] }
  | { readonly game: "baccarat"; readonly amount: string; readonly bet: BaccaratBet }
  | {
      readonly game: "slot";
      /** Minor units per line; the total bet is lineBet × the paylines. */
      readonly lineBet: string;
      /** "platform": a platform free spin (nothing debited, the win is the platform's). */
      readonly funding: "player" | "platform";
    };

export interface SlotOutcome {
  readonly spins: readonly SlotSpin[];
  /** Line-bet units of the round (free spins included). */
  readonly units: number;
}

export type RoundOutcome =
  | { readonly game: "dice"; readonly roll: number }
  | { readonly game: "limbo"; readonly multiplier: number }
  | { readonly game: "roulette"; readonly pocket: number }
  | ({ readonly game: "baccarat" } & BaccaratHand)
  | ({ readonly game: "slot" } & SlotOutcome);

export const SLOT_PAYLINES = slotConfig.paylines.length;

function minor(text: string): bigint {
  if (!/^\d{1,30}$/.test(text)) throw new RangeError(`not a minor-unit amount: ${text}`);
  return BigInt(text);
}

/** The roulette bet a chip names; RangeError when it names no bet. */
export function rouletteChipBet(chip: Pick<RouletteChipParams, "kind" | "at">): RouletteBet {
  const [a, b] = chip.at;
  const need = (count: number) => {
    if (chip.at.length !== count) throw new RangeError(`${chip.kind} takes ${count} number(s)`);
  };
  switch (chip.kind) {
    case "straight":
      need(1);
      return rouletteBets.straight(a!);
    case "split":
      need(2);
      return rouletteBets.split(a!, b!);
    case "street":
      need(1);
      return rouletteBets.street(a!);
    case "corner":
      need(1);
      return rouletteBets.corner(a!);
    case "line":
      need(1);
      return rouletteBets.line(a!);
    case "dozen":
      need(1);
      return rouletteBets.dozen(a!);
    case "column":
      need(1);
      return rouletteBets.column(a!);
    default:
      need(0);
      return rouletteBets[chip.kind]();
  }
}

/** What the player stakes (debited); 0 for a platform free spin. */
export function roundStake(params: RoundParams): bigint {
  switch (params.game) {
    case "roulette":
      return params.chips.reduce((sum, chip) => sum + minor(chip.amount), 0n);
    case "slot":
      return params.funding === "platform" ? 0n : minor(params.lineBet) * BigInt(SLOT_PAYLINES);
    default:
      return minor(params.amount);
  }
}

/** Throws RangeError (with a reason for the player) when the parameters are not a valid bet. */
export function assertRoundParams(params: RoundParams): void {
  switch (params.game) {
    case "dice":
      assertDiceBet(params);
      break;
    case "limbo":
      assertLimboTarget(params.target);
      break;
    case "roulette":
      if (params.chips.length === 0) throw new RangeError("place at least one chip");
      for (const chip of params.chips) {
        rouletteChipBet(chip);
        if (minor(chip.amount) <= 0n) throw new RangeError("every chip needs a stake");
      }
      break;
    case "baccarat":
      if (!["player", "banker", "tie"].includes(params.bet)) throw new RangeError("no such bet");
      break;
    case "slot":
      if (minor(params.lineBet) <= 0n) throw new RangeError("the line bet must be more than 0");
      break;
  }
  if (params.game !== "slot" && params.game !== "roulette" && minor(params.amount) <= 0n) {
    throw new RangeError("the stake must be more than 0");
  }
}

/** The round's outcome: a pure function of the parameters and the float stream. */
export function playRound(params: RoundParams, next: NextFloat): RoundOutcome {
  switch (params.game) {
    case "dice":
      return { game: "dice", roll: rollDice(next) };
    case "limbo":
      return { game: "limbo", multiplier: limboMultiplier(next) };
    case "roulette":
      return { game: "roulette", pocket: spinRoulette(next) };
    case "baccarat":
      return { game: "baccarat", ...playBaccarat(next) };
    case "slot": {
      const round = playSlot(next, { funding: params.funding });
      return { game: "slot", spins: round.spins, units: round.units };
    }
  }
}

/** What the round pays the player (the stake back included), rounded down to the minor unit. */
export function roundPayout(params: RoundParams, outcome: RoundOutcome): bigint {
  if (params.game !== outcome.game) throw new RangeError("outcome of another game");
  switch (params.game) {
    case "dice":
      return dicePayout(minor(params.amount), params, (outcome as { roll: number }).roll);
    case "limbo":
      return limboPayout(
        minor(params.amount),
        params.target,
        (outcome as { multiplier: number }).multiplier,
      );
    case "roulette":
      return roulettePayout(
        params.chips.map((chip) => ({ bet: rouletteChipBet(chip), stake: minor(chip.amount) })),
        (outcome as { pocket: number }).pocket,
      );
    case "baccarat":
      return baccaratPayout(minor(params.amount), params.bet, (outcome as BaccaratHand).result);
    case "slot":
      return applyMultiplier(
        minor(params.lineBet) * BigInt(SLOT_PAYLINES),
        ratio((outcome as SlotOutcome).units, SLOT_PAYLINES),
      );
  }
}
