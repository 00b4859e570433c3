// Issue 31 item 10: a game collection's name per locale comes from content; without a text it
// keeps the operator's own name.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localizeCollections } from "./collection-names";

const seeded = [
  { id: 1, slug: "popular", name: "Popular" },
  { id: 2, slug: "new", name: "New" },
  { id: 3, slug: "slots", name: "Slots" },
  { id: 4, slug: "live-casino", name: "Live Casino" },
  { id: 5, slug: "table-games", name: "Table Games" },
];

const contentOf = (locale: string) => ({
  "global-components": JSON.parse(
    readFileSync(
      fileURLToPath(
        new URL(`../../../../../content/${locale}/global-components.json`, import.meta.url),
      ),
      "utf8",
    ),
  ) as Record<string, unknown>,
});

describe("LC-06 game collection names per locale", () => {
  it("German and Brazilian Portuguese name every seeded collection in their language", () => {
    for (const locale of ["de", "pt-br"]) {
      const names = localizeCollections(seeded, contentOf(locale)).map((c) => c.name);
      const english = seeded.map((c) => c.name);
      names.forEach((name, i) => {
        expect(name, `${locale}: ${seeded[i]?.slug}`).not.toBe(english[i]);
      });
    }
    expect(localizeCollections(seeded, contentOf("de")).map((c) => c.name)).toEqual([
      "Beliebt",
      "Neu",
      "Spielautomaten",
      "Live-Casino",
      "Tischspiele",
    ]);
  });

  it("keeps the collection's own name in en and for a collection content does not name", () => {
    expect(localizeCollections(seeded, contentOf("en"))).toEqual(seeded);
    const own = [{ id: 9, slug: "jackpots", name: "Jackpots" }];
    expect(localizeCollections(own, contentOf("de"))).toEqual(own);
    expect(
      localizeCollections(own, {
        "global-components": { gameCollections: { jackpots: "Jackpot-Spiele" } },
      })[0]?.name,
    ).toBe("Jackpot-Spiele");
  });
});
