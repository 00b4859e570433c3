// The book's words. `lang` comes from the SDK; anything missing falls back to English.

const en = {
  sports: "Sports",
  home: "Top events",
  live: "Live",
  liveNow: "Live now",
  upcoming: "Upcoming",
  myBets: "My bets",
  console: "Console",
  allLeagues: "All {sport}",
  noEvents: "No events here right now.",
  loading: "Loading…",
  today: "Today",
  tomorrow: "Tomorrow",
  markets: "+{n} markets",
  allMarkets: "All markets",
  backToList: "Back",
  suspended: "suspended",
  marketSuspended: "Suspended",
  ended: "Ended",
  voided: "Postponed",
  betSlip: "Bet slip",
  openSlip: "Bet slip ({n})",
  closeSlip: "Close the bet slip",
  slipEmpty: "Click a price to add a selection.",
  single: "Single",
  multiple: "Multiple",
  system: "System",
  systemType: "System type",
  stake: "Stake",
  stakeFor: "Stake for {selection}",
  stakePerLine: "{lines} bets at {stake} each",
  totalStake: "Total stake",
  totalOdds: "Total odds",
  potentialPayout: "Potential payout",
  payoutTooHigh: "A bet may pay at most {max}: lower the stake.",
  remove: "Remove {selection}",
  clearSlip: "Remove all",
  oddsRule: "When odds change",
  oddsAny: "Accept any change",
  oddsHigher: "Accept higher odds",
  oddsNone: "Ask me",
  oddsMoved: "Odds changed from {was} to {now}",
  legSuspended: "This market is suspended.",
  legClosed: "This market is closed.",
  acceptChanges: "Accept changes",
  placeBet: "Place bet",
  placing: "Placing…",
  placed: "Bet placed",
  placedMany: "{n} bets placed",
  notAccepted: "Bet not accepted: {reason}",
  signInToBet: "Sign in to place a bet",
  minStake: "The minimum stake is {min}.",
  maxStake: "The maximum stake is {max}.",
  enterStake: "Enter a stake.",
  badStake: "Enter an amount like 5 or 2.50.",
  sameEvent: "Two selections from one event can only be placed as singles.",
  tooManyLegs: "A bet slip holds at most {n} selections.",
  balance: "Balance",
  guest: "Guest",
  open: "Open",
  settled: "Settled",
  noBets: "No bets here yet.",
  placedAt: "Placed {at}",
  payout: "Payout",
  status_open: "Open",
  status_won: "Won",
  status_lost: "Lost",
  status_void: "Void",
  status_cashed_out: "Cashed out",
  result_won: "Won",
  result_lost: "Lost",
  result_void: "Void",
  cashOut: "Cash out {amount}",
  cashOutNone: "Cash-out not available now",
  cashedOut: "Cashed out for {amount}",
  signInForBets: "Sign in to see your bets.",
  retry: "Try again",
  sessionOver: "Your session is over: reload the page to continue.",
  notFound: "This page does not exist.",
  eventNotFound: "This event is not available.",
} as const;

export type MessageKey = keyof typeof en;
type Dictionary = Partial<Record<MessageKey, string>>;

const de: Dictionary = {
  sports: "Sportarten",
  home: "Top-Events",
  live: "Live",
  upcoming: "Demnächst",
  myBets: "Meine Wetten",
  betSlip: "Wettschein",
  stake: "Einsatz",
  placeBet: "Wette platzieren",
  placed: "Wette platziert",
  notAccepted: "Wette nicht angenommen: {reason}",
  potentialPayout: "Möglicher Gewinn",
  totalOdds: "Gesamtquote",
  single: "Einzel",
  multiple: "Kombi",
  system: "System",
};

const dictionaries: Record<string, Dictionary> = { en, de };

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(lang: string): Translate {
  const base = lang.toLowerCase().split(/[-_]/)[0] ?? "en";
  const dictionary = dictionaries[base] ?? en;
  return (key, vars) => {
    let text: string = dictionary[key] ?? en[key];
    if (vars)
      for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
    return text;
  };
}

/** The locale for dates and numbers (the SDK's lang, or English). */
export function localeFor(lang: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([lang]).length > 0 ? lang : "en";
  } catch {
    return "en";
  }
}
