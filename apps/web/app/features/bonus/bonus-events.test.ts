import type { GameDetail } from "@casino/contract/game";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ToastInput } from "../../toasts/toast-types";
import { gameQuery } from "../games/games-api";
import {
  BONUS_CODES_KEY,
  PLAYER_BONUSES_KEY,
  PLAYER_FREESPINS_KEY,
  type PlayerBonus,
  type PlayerFreespin,
} from "./bonus-api";
import { handleBonusEvent, statusAlert } from "./bonus-events";
import { BONUS_DEBOUNCE_MS } from "./bonus-rules";

const context = {
  alerts: {
    "bonus-3-2": {
      type: "success",
      title: "Bonus completed",
      description: "{name} is real money.",
    },
    "freespin-1-1": { type: "success", title: "New free spins", description: "{count} on {game}" },
  } as Record<string, unknown>,
  href: (path: string) => `/de${path}`,
  t: (_key: string, fallback: string) => fallback,
};

describe("bonus status alerts", () => {
  it("BN-06 the status-result alert uses the configured text of alerts.bonus-<key>", () => {
    expect(statusAlert("bonus", "3-2", { name: "Welcome" }, context)).toEqual({
      type: "success",
      title: "Bonus completed",
      description: "Welcome is real money.",
    });
  });

  it("BN-15 free-spin alerts link to /profile/bonuses (localised); bonus alerts carry no link", () => {
    const toast = statusAlert("freespin", "1-1", { count: 50, game: "Fruit Lines" }, context);
    expect(toast.description).toBe("50 on Fruit Lines");
    expect(toast.link).toEqual({ to: "/de/profile/bonuses", label: "Open my bonuses" });
    expect(statusAlert("bonus", "3-2", { name: "x" }, context).link).toBeUndefined();
  });

  it("a key without configured text still shows an English alert", () => {
    expect(statusAlert("bonus", "3-4", { name: "Reload" }, context)).toMatchObject({
      type: "warning",
      title: "Bonus expired",
      description: "Reload",
    });
  });
});

const baseContext = context;

describe("bonus channel messages", () => {
  const bonus = {
    id: 7,
    status: 3,
    result: 4,
    name: "Reload",
    amount: "10.00",
    currency: "EUR",
  } as unknown as PlayerBonus;
  const spins = {
    id: 9,
    status: 3,
    result: 3,
    name: "Spins",
    count: 20,
    gameId: 31,
    gameTitle: "Fruit Lines",
    currency: "EUR",
  } as unknown as PlayerFreespin;

  function setup() {
    const client = new QueryClient();
    client.setQueryData([...PLAYER_BONUSES_KEY, "1,2"], [bonus, { ...bonus, id: 8 }]);
    client.setQueryData([...PLAYER_FREESPINS_KEY, "1,2"], [spins, { ...spins, id: 10 }]);
    const shown: ToastInput[] = [];
    const invalidated: unknown[] = [];
    const invalidate = client.invalidateQueries.bind(client);
    client.invalidateQueries = ((filters?: Parameters<typeof invalidate>[0]) => {
      invalidated.push(filters?.queryKey);
      return invalidate(filters);
    }) as typeof client.invalidateQueries;
    // The game info of the spins' game, as the game page caches it.
    client.setQueryData(gameQuery("31", "player-1").queryKey, {
      id: 31,
      title: "Fruit Lines",
      image: "/studio/covers/fruit-lines.svg",
    } as GameDetail);
    const context = {
      ...baseContext,
      viewer: "player-1" as string | null,
      client,
      toasts: { show: (toast: ToastInput) => shown.push(toast), dismiss: () => {} },
    };
    return { client, shown, invalidated, context };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("RTM-08 bonus:player-bonuses carries playerBonus, bonus:player-freespins playerFreespin, bonus:player-bonus-codes playerBonusCode", async () => {
    const { client, shown, invalidated, context } = setup();

    await handleBonusEvent(
      "bonus:player-bonuses",
      { type: "bonus.player-bonus.updated", playerBonus: bonus },
      context,
    );
    expect(shown.map((toast) => toast.title)).toEqual(["Bonus expired"]);
    expect(
      client.getQueryData<PlayerBonus[]>([...PLAYER_BONUSES_KEY, "1,2"])?.map((item) => item.id),
    ).toEqual([8]);

    await handleBonusEvent(
      "bonus:player-freespins",
      { type: "bonus.player-freespin.updated", playerFreespin: spins },
      context,
    );
    expect(shown.map((toast) => toast.title)).toEqual([
      "Bonus expired",
      "Free spins: Bonus canceled",
    ]);
    // With the game's cover from its game info.
    expect(shown[1]!.image).toEqual({ src: "/studio/covers/fruit-lines.svg", alt: "Fruit Lines" });
    expect(shown[0]!.image).toBeUndefined();
    expect(
      client
        .getQueryData<PlayerFreespin[]>([...PLAYER_FREESPINS_KEY, "1,2"])
        ?.map((item) => item.id),
    ).toEqual([10]);

    await handleBonusEvent(
      "bonus:player-bonus-codes",
      {
        type: "bonus.player-bonus-code.updated",
        playerBonusCode: { status: 2, bonusCode: "WELCOME5" },
      },
      context,
    );
    vi.advanceTimersByTime(BONUS_DEBOUNCE_MS);
    expect(invalidated).toContainEqual(BONUS_CODES_KEY);
    expect(invalidated).toContainEqual(PLAYER_BONUSES_KEY);
    expect(invalidated).toContainEqual(PLAYER_FREESPINS_KEY);
  });

  it("ER-20 when the game info fetch fails, the error is logged and the free-spin alert shows without it", async () => {
    const { shown, context } = setup();
    const fetch = vi.fn(async (_input: RequestInfo | URL) => new Response("{}", { status: 500 }));
    vi.stubGlobal("fetch", fetch);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await handleBonusEvent(
        "bonus:player-freespins",
        { playerFreespin: { ...spins, gameId: 32, status: 1, result: 1 } },
        context,
      );
      expect(fetch).toHaveBeenCalled();
      expect(String(fetch.mock.calls[0]![0])).toContain("/api/game/games/32");
      expect(shown).toEqual([
        expect.objectContaining({ title: "New free spins", description: "20 on Fruit Lines" }),
      ]);
      expect(shown[0]!.image).toBeUndefined();
      expect(logged.mock.calls[0]![0]).toContain("game 32");
    } finally {
      logged.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("RTM-08 a message without the channel's own field changes nothing", async () => {
    const { client, shown, context } = setup();
    await handleBonusEvent("bonus:player-bonuses", { playerFreespin: spins }, context);
    await handleBonusEvent("bonus:player-freespins", { playerBonus: bonus }, context);
    await handleBonusEvent("bonus:player-bonuses", null, context);
    expect(shown).toEqual([]);
    expect(client.getQueryData<PlayerBonus[]>([...PLAYER_BONUSES_KEY, "1,2"])).toHaveLength(2);
    expect(client.getQueryData<PlayerFreespin[]>([...PLAYER_FREESPINS_KEY, "1,2"])).toHaveLength(2);
  });
});
