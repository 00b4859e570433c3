import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { translate } from "../../lib/content/translate";
import { SiteContext, type SiteData } from "../../lib/site";
import GameLimitReachedView from "./game-limit-reached-view";

/** The view inside a site whose texts are content/<locale>/modals.json (no en fallback). */
function render(locale: string, event: unknown): string {
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
    <MemoryRouter>
      <SiteContext.Provider value={site}>
        <GameLimitReachedView
          modalKey="game-limit-reached"
          value={JSON.stringify(event)}
          close={() => {}}
        />
      </SiteContext.Provider>
    </MemoryRouter>,
  );
}

const betLimit = (period: string) => ({
  type: "game.bet.limit.reached",
  code: 13110,
  message: "Limit reached",
  limit: {
    definition: 1,
    period,
    amount: "10.00",
    currentAmount: "0.00",
    currency: "EUR",
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
});
