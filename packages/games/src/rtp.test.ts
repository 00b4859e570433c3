import { afterEach, describe, expect, it, vi } from "vitest";
import { baccaratPayout, playBaccarat } from "./baccarat";
import { dicePayout, rollDice } from "./dice";
import { floatStream } from "./fairness";
import { createFairnessState, rotateSeed, takeBet } from "./fairness-state";
import { replayRound } from "./fairness-web";
import { limboMultiplier, limboPayout } from "./limbo";
import { toNumber } from "./rational";
import { rouletteBets, roulettePayout, spinRoulette } from "./roulette";
import { GAME_NAMES, mergeTallies, normalQuantile, report, simulate, simultaneousZ } from "./rtp";
import { playSlot, slotPayout } from "./slot";

const SEEDS = { serverSeed: "9".repeat(64), clientSeed: "smoke-test" };

describe("smoke simulation: 200,000 rounds per game through the HMAC path", () => {
  for (const game of GAME_NAMES) {
    it(`${game}: every bet's measured RTP lies near its declared RTP`, { timeout: 180_000 }, () => {
      const r = report(simulate(game, { ...SEEDS, from: 0, to: 200_000 }));
      for (const bet of r.bets) {
        const gap = Math.abs(bet.measured - toNumber(bet.declared));
        // Wide: 1.5 times the 99% simultaneous half-width; the seeds are fixed, so deterministic.
        expect(gap).toBeLessThan(0.75 * (bet.high - bet.low));
        expect(gap).toBeLessThan(0.1);
      }
      expect(r.chiSquare.pValue).toBeGreaterThan(0.0001);
    });
  }

  it("intervals are 99% for all of a game's bets together (Bonferroni), z from the normal quantile", () => {
    expect(simultaneousZ(1)).toBeCloseTo(2.5758293035489004, 8);
    expect(simultaneousZ(3)).toBeCloseTo(2.935199468866699, 8);
    expect(simultaneousZ(13)).toBeCloseTo(3.3636354562108783, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 8);
    expect(normalQuantile(0.3)).toBeCloseTo(-0.5244005127080409, 8);
  });

  it("slices of nonces merge into the same tally as one run", () => {
    const whole = simulate("roulette", { ...SEEDS, from: 0, to: 2_000 });
    const merged = mergeTallies(
      simulate("roulette", { ...SEEDS, from: 0, to: 700 }),
      simulate("roulette", { ...SEEDS, from: 700, to: 2_000 }),
    );
    expect(merged.counts).toEqual(whole.counts);
    expect(merged.rounds).toBe(2_000);
    merged.moments.forEach((m, i) => {
      expect(m.n).toBe(whole.moments[i]!.n);
      expect(m.mean).toBeCloseTo(whole.moments[i]!.mean, 12);
      expect(m.m2).toBeCloseTo(whole.moments[i]!.m2, 8);
    });
  });
});

describe("no Math.random", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("every game plays, settles, simulates and replays with Math.random throwing", async () => {
    vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random called");
    });
    let state = createFairnessState();
    for (let i = 0; i < 50; i++) {
      const bet = takeBet(state);
      state = bet.state;
      const next = () => floatStream(bet.seeds);
      dicePayout(100n, { target: 5_000, direction: "under" }, rollDice(next()));
      limboPayout(100n, 200, limboMultiplier(next()));
      roulettePayout([{ bet: rouletteBets.red(), stake: 100n }], spinRoulette(next()));
      baccaratPayout(100n, "banker", playBaccarat(next()).result);
      slotPayout(100n, playSlot(next(), { funding: i % 2 ? "player" : "platform" }));
      expect(await replayRound(bet.seeds, (n) => playSlot(n))).toEqual(playSlot(next()));
    }
    rotateSeed(state);
    for (const game of GAME_NAMES) report(simulate(game, { ...SEEDS, from: 0, to: 200 }));
    expect(Math.random).not.toHaveBeenCalled();
  });
});
