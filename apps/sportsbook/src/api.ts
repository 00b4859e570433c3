// The book's own API (/sportsbook/api, packages/contract/src/sportsbook-sandbox.ts). Types only
// from the contract: the schemas stay on the server.
import type {
  SportsbookBet,
  SportsbookEventDetail,
  SportsbookEventSummary,
  SportsbookMarket,
  SportsbookOddsMessage,
  SportsbookPlaceBetBody,
} from "@casino/contract/sportsbook-sandbox";

export type {
  SportsbookBet as Bet,
  SportsbookEventDetail as EventDetail,
  SportsbookEventSummary as EventSummary,
  SportsbookMarket as Market,
  SportsbookOddsMessage as OddsMessage,
};

export interface League {
  id: string;
  name: string;
  upcoming: number;
  live: number;
}
export interface Sport {
  id: string;
  name: string;
  upcoming: number;
  live: number;
  leagues: League[];
}
export interface Session {
  currency: string;
  balance: string;
  maxPayout?: string | null;
}
export interface OddsChange {
  eventId: string;
  marketId: string;
  selectionId: string;
  odds: string | null;
  status: "open" | "suspended" | "closed";
}
export interface ConsoleResult {
  settled: number;
  pending: number;
}
export type ConsoleBet = SportsbookBet & { playerId: string };

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code: number,
    public readonly fields: Record<string, string[]> = {},
    public readonly changes: OddsChange[] = [],
  ) {
    super(message);
  }
}

/** The book's error codes (SportsbookError in the contract). */
export const BookError = {
  SessionInvalid: 18501,
  PlatformUnavailable: 18502,
  OddsChanged: 18503,
  MarketClosed: 18504,
  CashOutUnavailable: 18505,
  ConsoleLocked: 18506,
} as const;

const BASE = "/sportsbook/api";

async function request<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    token?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method: init.method ?? "GET",
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    throw new ApiError("The connection was lost: check your network and try again.", 0, 0);
  }
  const json = (await response.json().catch(() => ({}))) as {
    data?: T;
    error?: {
      code: number;
      message: string;
      fields?: Record<string, string[]>;
      changes?: OddsChange[];
    };
  };
  if (!response.ok || json.data === undefined) {
    const fields = json.error?.fields ?? {};
    const first = Object.values(fields)[0]?.[0];
    throw new ApiError(
      first ?? json.error?.message ?? `Something went wrong (HTTP ${response.status})`,
      response.status,
      json.error?.code ?? response.status,
      fields,
      json.error?.changes ?? [],
    );
  }
  return json.data;
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  const text = q.toString();
  return text ? `?${text}` : "";
}

export const api = {
  sports: () => request<Sport[]>("/sports"),
  events: (params: { sport?: string; league?: string; live?: boolean; limit?: number }) =>
    request<SportsbookEventSummary[]>(
      `/events${query({
        sport: params.sport,
        league: params.league,
        live: params.live === undefined ? undefined : String(params.live),
        limit: params.limit ? String(params.limit) : undefined,
      })}`,
    ),
  event: (id: string) => request<SportsbookEventDetail>(`/events/${encodeURIComponent(id)}`),
  openSession: (token: string) =>
    request<Session & { sessionToken: string }>("/sessions", { method: "POST", body: { token } }),
  session: (token: string) => request<Session>("/session", { token }),
  placeBet: (token: string, body: SportsbookPlaceBetBody) =>
    request<{ bet: SportsbookBet; balance: string }>("/bets", { method: "POST", body, token }),
  bets: (token: string, status: "open" | "settled") =>
    request<SportsbookBet[]>(`/bets?status=${status}`, { token }),
  cashOut: (token: string, id: string, amount: string) =>
    request<{ bet: SportsbookBet; balance: string }>(`/bets/${encodeURIComponent(id)}/cash-out`, {
      method: "POST",
      body: { amount },
      token,
    }),
};

function consoleHeaders(secret: string): Record<string, string> {
  return secret ? { "x-sportsbook-console-secret": secret } : {};
}

export const consoleApi = {
  status: () => request<{ secretRequired: boolean }>("/console/status"),
  bets: (secret: string, params: { eventId?: string; status?: "open" | "settled" }) =>
    request<ConsoleBet[]>(`/console/bets${query({ ...params, limit: "200" })}`, {
      headers: consoleHeaders(secret),
    }),
  finish: (secret: string, eventId: string) =>
    request<ConsoleResult>(`/console/events/${encodeURIComponent(eventId)}/finish`, {
      method: "POST",
      headers: consoleHeaders(secret),
    }),
  voidEvent: (secret: string, eventId: string) =>
    request<ConsoleResult>(`/console/events/${encodeURIComponent(eventId)}/void`, {
      method: "POST",
      headers: consoleHeaders(secret),
    }),
  settleMarket: (
    secret: string,
    eventId: string,
    marketId: string,
    selectionId: string | null,
    resettle: boolean,
  ) =>
    request<ConsoleResult>(
      `/console/events/${encodeURIComponent(eventId)}/markets/${encodeURIComponent(marketId)}/${
        resettle ? "resettle" : "settle"
      }`,
      { method: "POST", body: { selectionId }, headers: consoleHeaders(secret) },
    ),
  cashOut: (secret: string, betId: string) =>
    request<ConsoleResult>(`/console/bets/${encodeURIComponent(betId)}/cash-out`, {
      method: "POST",
      headers: consoleHeaders(secret),
    }),
  runSettlement: (secret: string) =>
    request<ConsoleResult>("/console/settle", { method: "POST", headers: consoleHeaders(secret) }),
};

/** A fresh id for one press of "Place bet" (the server places it once, whatever happens). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const CRYPTO_DECIMALS: Record<string, number> = { BTC: 8, LTC: 8, DOGE: 8, BCH: 8, ETH: 8, TRX: 6 };

/** How many decimals a stake may have in this currency (fiat from Intl, crypto from a table). */
export function currencyDecimals(currency: string | null | undefined): number {
  if (!currency) return 2;
  const code = currency.toUpperCase();
  if (code in CRYPTO_DECIMALS) return CRYPTO_DECIMALS[code]!;
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 8;
  }
}
