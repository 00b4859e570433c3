import { readFileSync } from "node:fs";
import type { Currency } from "@casino/contract/settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { translate } from "../../lib/content/translate";
import { currenciesQuery } from "../../lib/player-fields";
import { SiteContext, type SiteData } from "../../lib/site";
import GameLimitReachedView from "./game-limit-reached-view";

const currency = (code: string, subunitToUnit: number, sub?: [string, number]): Currency => ({
  code,
  type: sub ? "crypto" : "fiat",
  isEnabled: true,
  isBase: code === "EUR",
  subunitToUnit,
  rate: { rate: "1" },
  symbol: code,
  subCurrencies: sub ? [{ code: sub[0], subunitToUnit: sub[1] }] : [],
  restrict: false,
  restrictType: null,
});

/**
 * The view inside a site whose texts are content/<locale>/modals.json (no en fallback), with the
 * site's currencies loaded (BTC shown in mBTC, as the wallet shows it).
 */
function render(locale: string, event: unknown): string {
  const queries = new QueryClient();
  queries.setQueryData(currenciesQuery.queryKey, [
    currency("EUR", 100),
    currency("BTC", 100_000_000, ["mBTC", 1000]),
  ]);
  const modals = JSON.parse(
    readFileSync(new URL(`../../../../../content/${locale}/modals.json`, import.meta.url), "utf8"),
  );
  const site = {
    locale,
    t: (key: string, fallback?: string, vars?: Record<string, string | number>) =>
      translate({ modals }, key, fallback, vars),
    href: (path: string) => path,
  } as unknown as SiteData;
  return renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <SiteContext.Provider value={site}>
          <GameLimitReachedView
            modalKey="game-limit-reached"
            value={JSON.stringify(event)}
            close={() => {}}
          />
        </SiteContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const betLimit = (period: string, money = { amount: "10.00", used: "0.00", currency: "EUR" }) => ({
  type: "game.bet.limit.reached",
  code: 13110,
  message: "Limit reached",
  limit: {
    definition: 1,
    period,
    amount: money.amount,
    currentAmount: money.used,
    currency: money.currency,
    until: null,
  },
});

describe("game-limit-reached usage line", () => {
  it("MD-06 the limit's period is a translated word, English by default", () => {
    expect(render("en", betLimit("daily"))).toContain("daily bet limit: 0.00 of 10.00 EUR used.");
    expect(render("de", betLimit("weekly"))).toContain(
      "Einsatzlimit (wöchentlich): 0.00 von 10.00 EUR verbraucht.",
    );
    expect(render("pt-br", betLimit("monthly"))).toContain(
      "Uso do limite de aposta (mensal): 0.00 de 10.00 EUR.",
    );
  });

  it("MD-06 amounts are in the wallet's display units (BTC in mBTC, WL-19)", () => {
    const btc = { amount: "0.00200000", used: "0.00150000", currency: "BTC" };
    expect(render("en", betLimit("daily", btc))).toContain(
      "daily bet limit: 1.50000 of 2.00000 mBTC used.",
    );
  });
});
