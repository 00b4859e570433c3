// The sandbox sportsbook's events and odds: a pure function of the seed (SPORTSBOOK_SEED) and the
// time. Every server computes the same fixtures, the same odds at the same moment and the same
// results, so nothing lives in one process's memory; what a tester changes (an event ended early,
// a void, a market's corrected result) comes from PostgreSQL as `EventOverride`.
//
// Time is cut into hour slots; each slot holds EVENTS_PER_SLOT events ("ev-<slot>-<n>"), their
// sport, league, teams, start and whole course (goals, sets, quarters: the result) drawn from the
// seed. Odds come from a model of what remains to be played (Poisson goals, set and normal
// models), with a margin and a drift that changes every ODDS_TICK_MS, and all markets of a live
// event suspended for SUSPEND_MS after each incident.
import { createHash } from "node:crypto";

export type Sport = "football" | "tennis" | "basketball" | "ice-hockey" | "esports";
export const SLOT_MS = 3_600_000;
export const EVENTS_PER_SLOT = 4;
/** How far ahead events are listed. */
export const LIST_AHEAD_MS = 48 * 3_600_000;
export const ODDS_TICK_MS = 10_000;
export const SUSPEND_MS = 45_000;

export const sportNames: Record<Sport, string> = {
  football: "Football",
  tennis: "Tennis",
  basketball: "Basketball",
  "ice-hockey": "Ice hockey",
  esports: "Esports",
};

interface LeagueDef {
  id: string;
  name: string;
  sport: Sport;
  teams: string[];
}

export const leagues: LeagueDef[] = [
  {
    id: "england-premier-league",
    name: "England. Premier League",
    sport: "football",
    teams: [
      "Arsenal",
      "Chelsea",
      "Liverpool",
      "Manchester City",
      "Manchester United",
      "Tottenham",
      "Newcastle",
      "Aston Villa",
      "Brighton",
      "West Ham",
    ],
  },
  {
    id: "spain-laliga",
    name: "Spain. LaLiga",
    sport: "football",
    teams: [
      "Real Madrid",
      "Barcelona",
      "Atletico Madrid",
      "Sevilla",
      "Valencia",
      "Villarreal",
      "Real Sociedad",
      "Athletic Bilbao",
    ],
  },
  {
    id: "germany-bundesliga",
    name: "Germany. Bundesliga",
    sport: "football",
    teams: [
      "Bayern Munich",
      "Borussia Dortmund",
      "RB Leipzig",
      "Bayer Leverkusen",
      "Eintracht Frankfurt",
      "VfB Stuttgart",
      "Wolfsburg",
      "Freiburg",
    ],
  },
  {
    id: "italy-serie-a",
    name: "Italy. Serie A",
    sport: "football",
    teams: ["Inter", "Milan", "Juventus", "Napoli", "Roma", "Lazio", "Atalanta", "Fiorentina"],
  },
  {
    id: "atp-tour",
    name: "ATP. Tour",
    sport: "tennis",
    teams: [
      "J. Sinner",
      "C. Alcaraz",
      "N. Djokovic",
      "A. Zverev",
      "D. Medvedev",
      "T. Fritz",
      "C. Ruud",
      "H. Rune",
    ],
  },
  {
    id: "wta-tour",
    name: "WTA. Tour",
    sport: "tennis",
    teams: [
      "A. Sabalenka",
      "I. Swiatek",
      "C. Gauff",
      "E. Rybakina",
      "J. Pegula",
      "Q. Zheng",
      "M. Keys",
      "J. Paolini",
    ],
  },
  {
    id: "usa-nba",
    name: "USA. NBA",
    sport: "basketball",
    teams: [
      "Boston Celtics",
      "Denver Nuggets",
      "LA Lakers",
      "Golden State Warriors",
      "Milwaukee Bucks",
      "Phoenix Suns",
      "Miami Heat",
      "Dallas Mavericks",
    ],
  },
  {
    id: "euroleague",
    name: "Europe. Euroleague",
    sport: "basketball",
    teams: ["Real Madrid", "Panathinaikos", "Olympiacos", "Fenerbahce", "Barcelona", "Monaco"],
  },
  {
    id: "usa-nhl",
    name: "USA. NHL",
    sport: "ice-hockey",
    teams: [
      "Florida Panthers",
      "Edmonton Oilers",
      "New York Rangers",
      "Dallas Stars",
      "Colorado Avalanche",
      "Boston Bruins",
      "Vegas Golden Knights",
      "Toronto Maple Leafs",
    ],
  },
  {
    id: "sweden-shl",
    name: "Sweden. SHL",
    sport: "ice-hockey",
    teams: ["Frolunda", "Skelleftea", "Lulea", "Farjestad", "Vaxjo", "Rogle"],
  },
  {
    id: "cs2-major",
    name: "CS2. Major",
    sport: "esports",
    teams: ["NAVI", "Vitality", "FaZe", "G2", "MOUZ", "Spirit", "Astralis", "Heroic"],
  },
  {
    id: "lol-worlds",
    name: "LoL. Worlds",
    sport: "esports",
    teams: ["T1", "Gen.G", "BLG", "JDG", "G2 Esports", "Fnatic", "Hanwha Life", "Top Esports"],
  },
];

const leagueById = new Map(leagues.map((league) => [league.id, league]));

/** Real minutes an event takes, by sport. */
const durationMs: Record<Sport, number> = {
  football: 100 * 60_000,
  tennis: 90 * 60_000,
  basketball: 90 * 60_000,
  "ice-hockey": 80 * 60_000,
  esports: 75 * 60_000,
};

// ---- seeded randomness ----
export function rng(...parts: (string | number)[]): () => number {
  const digest = createHash("sha256").update(parts.join("|")).digest();
  let state = digest.readUInt32LE(0) ^ digest.readUInt32LE(4);
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function poissonSample(random: () => number, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= random();
  } while (p > limit);
  return k - 1;
}

function strength(seed: string, team: string): number {
  return 0.75 + rng(seed, "strength", team)() * 0.5;
}

// ---- the event and its course ----
export interface Incident {
  /** Real milliseconds after the start. */
  atMs: number;
  /** Shown time: "37'", "Set 1", "Q2". */
  at: string;
  kind: "goal" | "set" | "map" | "period" | "points";
  side: "home" | "away" | null;
  text: string;
  /** The score after it. */
  home: number;
  away: number;
  /** Tennis games / basketball quarter detail. */
  detail?: string;
}

export interface EventDef {
  id: string;
  sport: Sport;
  league: LeagueDef;
  home: string;
  away: string;
  startsAt: number;
  durationMs: number;
  /** Goal sports: expected goals; set sports: p(home wins a set); basketball: points. */
  model: { home: number; away: number; setP: number; totalLine: number; spreadLine: number };
  incidents: Incident[];
}

export function eventId(slot: number, index: number): string {
  return `ev-${slot}-${index}`;
}

/** Small memo for pure results (the same on every server); cleared when it grows. */
function memo<V>(limit: number) {
  const map = new Map<string, V>();
  return (key: string, make: () => V): V => {
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (map.size >= limit) map.clear();
    map.set(key, value);
    return value;
  };
}
const eventMemo = memo<EventDef>(5_000);
const priceMemo = memo<PricedMarket[]>(5_000);

export function eventAt(seed: string, slot: number, index: number): EventDef {
  return eventMemo(`${seed}|${slot}|${index}`, () => makeEvent(seed, slot, index));
}

function makeEvent(seed: string, slot: number, index: number): EventDef {
  const random = rng(seed, "event", slot, index);
  const roll = random();
  const sport: Sport =
    roll < 0.4
      ? "football"
      : roll < 0.58
        ? "tennis"
        : roll < 0.74
          ? "basketball"
          : roll < 0.9
            ? "ice-hockey"
            : "esports";
  const options = leagues.filter((league) => league.sport === sport);
  const league = options[Math.floor(random() * options.length)]!;
  const first = Math.floor(random() * league.teams.length);
  let second = Math.floor(random() * (league.teams.length - 1));
  if (second >= first) second++;
  const home = league.teams[first]!;
  const away = league.teams[second]!;
  const minute = index * 15 + Math.floor(random() * 3) * 5;
  const startsAt = slot * SLOT_MS + minute * 60_000;
  const sh = strength(seed, home);
  const sa = strength(seed, away);
  const duration = durationMs[sport];
  const event: EventDef = {
    id: eventId(slot, index),
    sport,
    league,
    home,
    away,
    startsAt,
    durationMs: duration,
    model: { home: 0, away: 0, setP: 0.5, totalLine: 0, spreadLine: 0 },
    incidents: [],
  };
  if (sport === "football" || sport === "ice-hockey") {
    const base = sport === "football" ? 1.35 : 1.5;
    event.model.home = base * (sh / sa) * 1.1;
    event.model.away = base * (sa / sh) * 0.95;
    const playMinutes = sport === "football" ? 90 : 60;
    const goals: { minute: number; side: "home" | "away" }[] = [];
    for (const side of ["home", "away"] as const) {
      const count = poissonSample(random, event.model[side]);
      for (let i = 0; i < count; i++) {
        goals.push({ minute: 1 + Math.floor(random() * (playMinutes - 1)), side });
      }
    }
    goals.sort((a, b) => a.minute - b.minute);
    let h = 0;
    let a = 0;
    for (const goal of goals) {
      if (goal.side === "home") h++;
      else a++;
      event.incidents.push({
        atMs: Math.floor((goal.minute / playMinutes) * duration),
        at: `${goal.minute}'`,
        kind: "goal",
        side: goal.side,
        text: `Goal ${goal.side === "home" ? home : away}`,
        home: h,
        away: a,
      });
    }
  } else if (sport === "tennis" || sport === "esports") {
    event.model.setP = Math.min(0.85, Math.max(0.15, 0.5 + (sh - sa) * 0.9));
    let h = 0;
    let a = 0;
    const sets: string[] = [];
    let n = 0;
    while (h < 2 && a < 2) {
      n++;
      const homeWins = random() < event.model.setP;
      const loser = sport === "tennis" ? Math.floor(random() * 5) : 3 + Math.floor(random() * 10);
      const winner = sport === "tennis" ? (loser === 5 ? 7 : 6) : 13;
      sets.push(homeWins ? `${winner}-${loser}` : `${loser}-${winner}`);
      if (homeWins) h++;
      else a++;
      event.incidents.push({
        atMs: Math.floor((n / 3) * duration * (h + a === 3 ? 1 : 0.98)),
        at: sport === "tennis" ? `Set ${n}` : `Map ${n}`,
        kind: sport === "tennis" ? "set" : "map",
        side: homeWins ? "home" : "away",
        text: `${sport === "tennis" ? "Set" : "Map"} ${n} to ${homeWins ? home : away}`,
        home: h,
        away: a,
        detail: sets.join(" "),
      });
    }
    // A 2-0 ends early: the last set's time is the end.
  } else {
    const meanHome = 110 * (sh / sa) ** 0.12 + 2;
    const meanAway = 110 * (sa / sh) ** 0.12;
    event.model.home = meanHome;
    event.model.away = meanAway;
    event.model.totalLine = Math.round(meanHome + meanAway) + 0.5;
    event.model.spreadLine = -(Math.round(meanHome - meanAway) + 0.5);
    let h = 0;
    let a = 0;
    const quarters: string[] = [];
    for (let q = 1; q <= 4 || h === a; q++) {
      const qh = Math.round(meanHome / 4 + (random() - 0.5) * 16);
      const qa = Math.round(meanAway / 4 + (random() - 0.5) * 16);
      h += qh;
      a += qa;
      quarters.push(`${qh}-${qa}`);
      event.incidents.push({
        atMs: Math.floor((Math.min(q, 4) / 4) * duration) - (q > 4 ? 0 : 1),
        at: q > 4 ? "OT" : `Q${q}`,
        kind: "period",
        side: null,
        text: q > 4 ? "Overtime ends" : `End of Q${q}`,
        home: h,
        away: a,
        detail: quarters.join(" "),
      });
      if (q >= 8) break;
    }
  }
  return event;
}

export function parseEventId(id: string): { slot: number; index: number } | null {
  const match = /^ev-(\d{1,9})-(\d)$/.exec(id);
  if (!match) return null;
  const index = Number(match[2]);
  if (index >= EVENTS_PER_SLOT) return null;
  return { slot: Number(match[1]), index };
}

export function eventById(seed: string, id: string): EventDef | null {
  const parsed = parseEventId(id);
  return parsed ? eventAt(seed, parsed.slot, parsed.index) : null;
}

/** Events starting in [from, to). */
export function eventsBetween(seed: string, from: number, to: number): EventDef[] {
  const events: EventDef[] = [];
  for (let slot = Math.floor(from / SLOT_MS); slot * SLOT_MS < to; slot++) {
    for (let index = 0; index < EVENTS_PER_SLOT; index++) {
      const event = eventAt(seed, slot, index);
      if (event.startsAt >= from && event.startsAt < to) events.push(event);
    }
  }
  return events;
}

/** Every event that is live or upcoming (or just ended) at `now`. */
export function listedEvents(seed: string, now: number): EventDef[] {
  return eventsBetween(seed, now - 2 * 3_600_000, now + LIST_AHEAD_MS);
}

export function leagueOf(id: string): LeagueDef | undefined {
  return leagueById.get(id);
}

// ---- state at a moment ----
export interface EventOverride {
  /** A tester fast-forwarded it: ended (with its seeded result) at this time. */
  endedAt: Date | null;
  voidedAt: Date | null;
}

export interface EventState {
  status: "upcoming" | "live" | "ended" | "void";
  /** Fraction of play done, 0..1. */
  progress: number;
  elapsedMs: number;
  home: number;
  away: number;
  detail: string;
  clock: string | null;
  lastIncidentMs: number | null;
  incidents: Incident[];
}

/** The real time the event's course is over (a best of 3 may end after two sets). */
export function endMs(event: EventDef): number {
  const last = event.incidents.at(-1);
  if (event.sport === "tennis" || event.sport === "esports") {
    return event.startsAt + (last ? last.atMs : event.durationMs);
  }
  return event.startsAt + event.durationMs;
}

export function stateAt(event: EventDef, now: number, override?: EventOverride): EventState {
  const ended =
    now >= endMs(event) || (override?.endedAt != null && override.endedAt.getTime() <= now);
  // Live play moves in odds ticks: every server prices the same moment the same.
  const elapsed = ended
    ? event.durationMs
    : Math.max(0, Math.floor((now - event.startsAt) / ODDS_TICK_MS) * ODDS_TICK_MS);
  const happened = event.incidents.filter((incident) => incident.atMs <= elapsed);
  const last = happened.at(-1);
  const status: EventState["status"] = override?.voidedAt
    ? "void"
    : ended
      ? "ended"
      : now < event.startsAt
        ? "upcoming"
        : "live";
  const progress = ended ? 1 : Math.min(0.999, elapsed / event.durationMs);
  let clock: string | null = null;
  if (status === "live") {
    if (event.sport === "football") clock = `${Math.max(1, Math.ceil(progress * 90))}'`;
    else if (event.sport === "ice-hockey")
      clock = `P${Math.min(3, 1 + Math.floor(progress * 3))} ${Math.ceil(progress * 60)}'`;
    else if (event.sport === "basketball") clock = `Q${Math.min(4, 1 + Math.floor(progress * 4))}`;
    else clock = `${event.sport === "tennis" ? "Set" : "Map"} ${happened.length + 1}`;
  }
  let home = last?.home ?? 0;
  let away = last?.away ?? 0;
  let detail = last?.detail ?? "";
  if (event.sport === "basketball" && status === "live") {
    // Points within the running quarter grow with the clock.
    const quarter = Math.min(3, Math.floor(progress * 4));
    const next = event.incidents[quarter];
    const within = progress * 4 - quarter;
    if (next) {
      home += Math.floor((next.home - home) * within);
      away += Math.floor((next.away - away) * within);
    }
    detail = happened.map((incident) => incident.detail?.split(" ").at(-1)).join(" ");
  }
  return {
    status,
    progress,
    elapsedMs: elapsed,
    home,
    away,
    detail,
    clock,
    lastIncidentMs: last ? event.startsAt + last.atMs : null,
    incidents: happened,
  };
}

// ---- probabilities ----
function poissonPmf(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

function normalCdf(x: number): number {
  // Abramowitz–Stegun 7.1.26
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496735) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

export interface MarketDef {
  id: string;
  name: string;
  kind:
    | "1x2"
    | "winner"
    | "double-chance"
    | "total"
    | "handicap"
    | "btts"
    | "correct-score"
    | "set-betting";
  line: string | null;
  selections: { id: string; name: string; p: number }[];
}

const fmtLine = (line: number) => (line > 0 ? `+${line}` : `${line}`);

/** The event's markets with each selection's probability given the state (1 or 0 at the end). */
export function marketsOf(event: EventDef, state: EventState): MarketDef[] {
  const remaining = 1 - state.progress;
  const { home, away } = event;
  if (event.sport === "football" || event.sport === "ice-hockey") {
    const max = 10;
    const ph = poissonPmf(event.model.home * remaining, max);
    const pa = poissonPmf(event.model.away * remaining, max);
    const finals: { h: number; a: number; p: number }[] = [];
    for (let i = 0; i <= max; i++) {
      for (let j = 0; j <= max; j++) {
        finals.push({ h: state.home + i, a: state.away + j, p: ph[i]! * pa[j]! });
      }
    }
    const sum = (test: (h: number, a: number) => boolean) =>
      finals.reduce((total, f) => (test(f.h, f.a) ? total + f.p : total), 0);
    const pHome = sum((h, a) => h > a);
    const pDraw = sum((h, a) => h === a);
    const pAway = sum((h, a) => h < a);
    const spread = -1.5;
    const markets: MarketDef[] = [
      {
        id: "1x2",
        name: event.sport === "football" ? "1X2" : "1X2 (regular time)",
        kind: "1x2",
        line: null,
        selections: [
          { id: "home", name: home, p: pHome },
          { id: "draw", name: "Draw", p: pDraw },
          { id: "away", name: away, p: pAway },
        ],
      },
      {
        id: "dc",
        name: "Double chance",
        kind: "double-chance",
        line: null,
        selections: [
          { id: "1x", name: `${home} or draw`, p: pHome + pDraw },
          { id: "12", name: `${home} or ${away}`, p: pHome + pAway },
          { id: "x2", name: `Draw or ${away}`, p: pDraw + pAway },
        ],
      },
    ];
    for (const total of event.sport === "football" ? [1.5, 2.5, 3.5] : [4.5, 5.5]) {
      markets.push({
        id: `total-${total}`,
        name: `Total ${total}`,
        kind: "total",
        line: String(total),
        selections: [
          { id: "over", name: `Over ${total}`, p: sum((h, a) => h + a > total) },
          { id: "under", name: `Under ${total}`, p: sum((h, a) => h + a < total) },
        ],
      });
    }
    markets.push({
      id: `handicap-${spread}`,
      name: `Handicap ${fmtLine(spread)}`,
      kind: "handicap",
      line: String(spread),
      selections: [
        { id: "home", name: `${home} ${fmtLine(spread)}`, p: sum((h, a) => h + spread > a) },
        { id: "away", name: `${away} ${fmtLine(-spread)}`, p: sum((h, a) => h + spread < a) },
      ],
    });
    markets.push({
      id: "btts",
      name: "Both teams to score",
      kind: "btts",
      line: null,
      selections: [
        { id: "yes", name: "Yes", p: sum((h, a) => h > 0 && a > 0) },
        { id: "no", name: "No", p: sum((h, a) => h === 0 || a === 0) },
      ],
    });
    const scores: { id: string; name: string; p: number }[] = [];
    for (let h = 0; h <= 3; h++) {
      for (let a = 0; a <= 3; a++) {
        scores.push({ id: `${h}:${a}`, name: `${h}:${a}`, p: sum((x, y) => x === h && y === a) });
      }
    }
    scores.push({ id: "other", name: "Any other score", p: sum((x, y) => x > 3 || y > 3) });
    markets.push({
      id: "cs",
      name: "Correct score",
      kind: "correct-score",
      line: null,
      selections: scores,
    });
    return markets;
  }
  if (event.sport === "tennis" || event.sport === "esports") {
    // Best of three: enumerate the remaining sets.
    const p = event.model.setP;
    const finals = new Map<string, number>();
    const walk = (h: number, a: number, prob: number) => {
      if (h === 2 || a === 2) {
        const key = `${h}:${a}`;
        finals.set(key, (finals.get(key) ?? 0) + prob);
        return;
      }
      walk(h + 1, a, prob * p);
      walk(h, a + 1, prob * (1 - p));
    };
    walk(state.home, state.away, 1);
    if (state.status === "ended" && state.home < 2 && state.away < 2) finals.clear();
    const f = (key: string) => finals.get(key) ?? 0;
    const unit = event.sport === "tennis" ? "sets" : "maps";
    return [
      {
        id: "winner",
        name: "Winner",
        kind: "winner",
        line: null,
        selections: [
          { id: "home", name: home, p: f("2:0") + f("2:1") },
          { id: "away", name: away, p: f("0:2") + f("1:2") },
        ],
      },
      {
        id: "sets",
        name: event.sport === "tennis" ? "Set betting" : "Map betting",
        kind: "set-betting",
        line: null,
        selections: ["2:0", "2:1", "1:2", "0:2"].map((id) => ({ id, name: id, p: f(id) })),
      },
      {
        id: "total-2.5",
        name: `Total ${unit} 2.5`,
        kind: "total",
        line: "2.5",
        selections: [
          { id: "over", name: "Over 2.5", p: f("2:1") + f("1:2") },
          { id: "under", name: "Under 2.5", p: f("2:0") + f("0:2") },
        ],
      },
      {
        id: "handicap--1.5",
        name: `Handicap ${unit} -1.5`,
        kind: "handicap",
        line: "-1.5",
        selections: [
          { id: "home", name: `${home} -1.5`, p: f("2:0") },
          { id: "away", name: `${away} +1.5`, p: 1 - f("2:0") },
        ],
      },
    ];
  }
  // basketball: normal model of the rest of the game
  const sdShare = Math.sqrt(Math.max(remaining, 1e-9));
  const meanDiff = state.home - state.away + (event.model.home - event.model.away) * remaining;
  const meanTotal = state.home + state.away + (event.model.home + event.model.away) * remaining;
  const done = state.status === "ended";
  const above = (mean: number, sd: number, line: number) =>
    done ? (mean > line ? 1 : 0) : 1 - normalCdf((line - mean) / sd);
  const pHome = above(meanDiff, 12 * sdShare, 0);
  const spread = event.model.spreadLine;
  const total = event.model.totalLine;
  return [
    {
      id: "winner",
      name: "Winner (incl. overtime)",
      kind: "winner",
      line: null,
      selections: [
        { id: "home", name: home, p: pHome },
        { id: "away", name: away, p: 1 - pHome },
      ],
    },
    {
      id: `total-${total}`,
      name: `Total ${total}`,
      kind: "total",
      line: String(total),
      selections: [
        { id: "over", name: `Over ${total}`, p: above(meanTotal, 18 * sdShare, total) },
        { id: "under", name: `Under ${total}`, p: 1 - above(meanTotal, 18 * sdShare, total) },
      ],
    },
    {
      id: `handicap-${spread}`,
      name: `Handicap ${fmtLine(spread)}`,
      kind: "handicap",
      line: String(spread),
      selections: [
        {
          id: "home",
          name: `${home} ${fmtLine(spread)}`,
          p: above(meanDiff, 12 * sdShare, -spread),
        },
        {
          id: "away",
          name: `${away} ${fmtLine(-spread)}`,
          p: 1 - above(meanDiff, 12 * sdShare, -spread),
        },
      ],
    },
  ];
}

// ---- prices ----
export const MARGIN = 0.06;
export const CORRECT_SCORE_MARGIN = 0.12;
export const MAX_ODDS = 500;

export interface PricedSelection {
  id: string;
  name: string;
  /** null: not offered (no chance left). */
  odds: string | null;
}

export interface PricedMarket {
  id: string;
  name: string;
  kind: MarketDef["kind"];
  line: string | null;
  status: "open" | "suspended" | "closed";
  selections: PricedSelection[];
}

/** Odds for a market at a moment: margin, drift per tick, suspended around incidents. */
export function priceMarkets(
  seed: string,
  event: EventDef,
  state: EventState,
  now: number,
): PricedMarket[] {
  const tick = Math.floor(now / ODDS_TICK_MS);
  const suspended =
    state.status === "live" &&
    state.lastIncidentMs !== null &&
    now - state.lastIncidentMs < SUSPEND_MS;
  const key = `${seed}|${event.id}|${tick}|${state.status}|${state.elapsedMs}|${state.home}:${state.away}|${suspended}`;
  return priceMemo(key, () => price(seed, event, state, tick, suspended));
}

function price(
  seed: string,
  event: EventDef,
  state: EventState,
  tick: number,
  suspended: boolean,
): PricedMarket[] {
  return marketsOf(event, state).map((market) => {
    const decided = market.selections.some((selection) => selection.p >= 0.999);
    const open = state.status === "upcoming" || state.status === "live";
    const status: PricedMarket["status"] =
      !open || decided ? "closed" : suspended ? "suspended" : "open";
    const margin = market.kind === "correct-score" ? CORRECT_SCORE_MARGIN : MARGIN;
    const drift = rng(seed, "drift", event.id, market.id, tick);
    const weighted = market.selections.map((selection) => ({
      ...selection,
      w: selection.p * Math.exp((drift() - 0.5) * 0.08),
    }));
    const total = weighted.reduce((sum, s) => sum + s.w, 0) || 1;
    return {
      id: market.id,
      name: market.name,
      kind: market.kind,
      line: market.line,
      status,
      selections: weighted.map((selection) => {
        const p = selection.w / total;
        if (p < 0.002) return { id: selection.id, name: selection.name, odds: null };
        const odds = Math.min(MAX_ODDS, Math.max(1.01, 1 / (p * (1 + margin))));
        return {
          id: selection.id,
          name: selection.name,
          odds: (Math.floor(odds * 100) / 100).toFixed(2),
        };
      }),
    };
  });
}

/**
 * The seeded result of a market once the event is over: the winning selection (p = 1), or null
 * when the model leaves none (then the legs are void).
 */
export function seededResult(event: EventDef, marketId: string): string | null | undefined {
  let results = finalResults.get(event);
  if (!results) {
    const final = stateAt(event, Number.MAX_SAFE_INTEGER);
    results = new Map(
      marketsOf(event, final).map((market) => [
        market.id,
        market.selections.find((selection) => selection.p >= 0.999)?.id ?? null,
      ]),
    );
    finalResults.set(event, results);
  }
  return results.has(marketId) ? results.get(marketId) : undefined;
}
/** By event (memoised per seed, so the same object): market id → winning selection. */
const finalResults = new WeakMap<EventDef, Map<string, string | null>>();
