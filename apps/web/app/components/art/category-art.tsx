// Category artwork: a small line icon (drawer, category strip; the larger illustration of the
// home tiles is category-tile-art.tsx, loaded with the home page's lazy part). The kind is
// guessed from the collection's slug and name, so an operator's own collections get fitting art
// without any configuration; unknown ones get dice.

export type CategoryKind =
  | "slots"
  | "live"
  | "roulette"
  | "jackpot"
  | "new"
  | "hot"
  | "crash"
  | "cards"
  | "lottery"
  | "dice";

const rules: [RegExp, CategoryKind][] = [
  [/jackpot|mega|drop/, "jackpot"],
  [/live|dealer/, "live"],
  [/slot|reel|megaways/, "slots"],
  [/roulette|table|wheel/, "roulette"],
  [/poker|blackjack|baccarat|card/, "cards"],
  [/crash|instant|fast|arcade|aviat/, "crash"],
  [/bingo|keno|lott|scratch/, "lottery"],
  [/new|fresh|latest/, "new"],
  [/popular|top|hot|hit|trend|best|favou?rite|recommend/, "hot"],
];

export function categoryKind(slug: string, name = ""): CategoryKind {
  const text = `${slug} ${name}`.toLowerCase();
  for (const [re, kind] of rules) if (re.test(text)) return kind;
  return "dice";
}

const iconPaths: Record<CategoryKind, string> = {
  slots: "M4 5.5h16v13H4zM9.3 5.5v13M14.7 5.5v13M5.8 12h1.8M11.1 12h1.8M16.4 12h1.8M20 9h1.5v5",
  live: "M3.5 7h12v10h-12zM15.5 10.5l5-3v9l-5-3M7 3.5l2.5 3.5 2.5-3.5",
  roulette:
    "M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 3.5V8M12 16v4.5M3.5 12H8M16 12h4.5",
  jackpot:
    "M12 4.5c3.6 0 6.5 1.1 6.5 2.5S15.6 9.5 12 9.5 5.5 8.4 5.5 7s2.9-2.5 6.5-2.5zM5.5 7v5c0 1.4 2.9 2.5 6.5 2.5s6.5-1.1 6.5-2.5V7M5.5 12v5c0 1.4 2.9 2.5 6.5 2.5s6.5-1.1 6.5-2.5v-5",
  new: "m12 3.5 1.9 5.1 5.1 1.9-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.9zM18.5 16v4M16.5 18h4",
  hot: "M12 21c3.9 0 6.5-2.6 6.5-6.2 0-3.7-2.7-5.6-3.6-9.3-1.7 1.5-2.3 3.3-2.2 5.1-1.4-.9-2.3-2.6-2.3-4.6C7.3 8 5.5 10.7 5.5 14.8 5.5 18.4 8.1 21 12 21z",
  crash:
    "M14.5 4.5c2.5-.8 4.5-.8 5-.5.3.5.3 2.5-.5 5L13 15.5 8.5 11zM8.5 11 5 10.5l3-3h4M13 15.5l.5 3.5 3-3V12M8.5 15.5c-1.6.3-3 1.7-3.5 4 2.3-.5 3.7-1.9 4-3.5",
  cards: "M4.5 6.5 12 4.5l3.2 11.8-7.5 2zM12.5 7.5h5a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1h-6",
  lottery:
    "M8 3.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zM16 11.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zM7 20a3 3 0 1 0 0-.1",
  dice: "M5.5 4.5h9a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-9a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zM15.5 8.5h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-9a1 1 0 0 1-1-1v-3M8 8h.01M12 12h.01M10 10h.01",
};

/** A 24×24 line icon for a category. */
export function CategoryIcon({ kind, size = 20 }: { kind: CategoryKind; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={iconPaths[kind]} />
    </svg>
  );
}
