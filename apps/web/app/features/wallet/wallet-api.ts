// The wallet's server calls (spec §7 "Wallet") as TanStack Query options and plain functions.
import { ApiError, apiRequest } from "../../lib/api/api-client";
import { currenciesQuery } from "../../lib/player-fields";
import { WALLET_ACCOUNTS_KEY } from "../../lib/session/player-queries";
import type {
  DepositRequest,
  DepositResponse,
  Direction,
  InvoiceList,
  InvoiceStatistics,
  PaymentMethod,
  TurnOverWager,
  WalletAccount,
  WithdrawRequest,
  WithdrawResponse,
} from "./wallet-types";

export { WALLET_ACCOUNTS_KEY };
export const INVOICES_KEY = ["payment", "invoices"] as const;
export const METHODS_KEY = ["payment", "methods"] as const;
export const TURN_OVER_KEY = ["risk", "turn-over-wager"] as const;

/** GET /api/wallet/accounts (same key and answer as the shell's walletAccountsQuery). */
export const accountsQuery = {
  queryKey: WALLET_ACCOUNTS_KEY,
  queryFn: () =>
    apiRequest<{ data: WalletAccount[] }>("/api/wallet/accounts").then((body) => body.data ?? []),
  staleTime: 30_000,
};

/** GET /api/settings/currencies?visible=1: types, decimals, sub-currencies and rates. */
export { currenciesQuery };

/** GET /api/payment/methods/deposit|withdrawal?currency&country (DP-01, WD-01, WL-23). */
export function methodsQuery(direction: Direction, currency: string, country: string | undefined) {
  return {
    queryKey: [...METHODS_KEY, direction, currency, country ?? ""] as const,
    queryFn: () =>
      apiRequest<{ data: PaymentMethod[] }>(`/api/payment/methods/${direction}`, {
        query: { currency, country },
      }).then((body) => body.data),
    staleTime: 60_000,
  };
}

export type InvoiceFilters = {
  page: number;
  perPage: number;
  type?: 1 | 2;
  status?: number;
  currency?: string;
};

/** GET /api/payment/invoices with filters (PR-08); the whole answer (data and meta) is used. */
export function invoicesQuery(filters: InvoiceFilters) {
  return {
    queryKey: [...INVOICES_KEY, "list", filters] as const,
    queryFn: () =>
      apiRequest<InvoiceList>("/api/payment/invoices", {
        query: {
          page: filters.page,
          perPage: filters.perPage,
          type: filters.type,
          status: filters.status === undefined ? undefined : [filters.status],
          currency: filters.currency,
        },
      }),
    staleTime: 10_000,
  };
}

/** GET /api/payment/invoices/statistics (PR-08). */
export const statisticsQuery = {
  queryKey: [...INVOICES_KEY, "statistics"] as const,
  queryFn: () =>
    apiRequest<{ data: InvoiceStatistics[] }>("/api/payment/invoices/statistics").then(
      (body) => body.data,
    ),
  staleTime: 10_000,
};

/**
 * GET /api/risk/reasons/turn-over-wager?currency (WD-05). A 404 (the call is not offered by this
 * server) reads as "no wager owed".
 */
export function turnOverQuery(currency: string) {
  return {
    queryKey: [...TURN_OVER_KEY, currency] as const,
    queryFn: async (): Promise<TurnOverWager | null> => {
      try {
        const body = await apiRequest<{ data: TurnOverWager } | TurnOverWager>(
          "/api/risk/reasons/turn-over-wager",
          { query: { currency } },
        );
        return "data" in body ? body.data : body;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  };
}

export const createAccount = (currency: string) =>
  apiRequest<{ data: WalletAccount }>("/api/wallet/accounts", {
    method: "POST",
    body: { currency },
  }).then((body) => body.data);

export const switchAccount = (id: string) =>
  apiRequest<{ data: WalletAccount }>(`/api/wallet/accounts/${id}/switch`, { method: "PUT" }).then(
    (body) => body.data,
  );

export const hideAccount = (id: string) =>
  apiRequest<{ data: WalletAccount }>(`/api/wallet/accounts/${id}/hide`, { method: "PUT" }).then(
    (body) => body.data,
  );

export const declineInvoice = (id: string) =>
  apiRequest<{ data: unknown }>(`/api/payment/invoices/${id}/decline`, { method: "PUT" });

/**
 * One POST of an invoice under an Idempotency-Key. A retry of the same submit (the connection
 * dropped, or the server says the first attempt is still being created, 409) reuses the key, so
 * the server answers with the first invoice instead of making a second one.
 */
async function postInvoice<T>(path: string, body: unknown, key: string): Promise<T> {
  const send = () =>
    apiRequest<{ data: T }>(path, {
      method: "POST",
      body,
      headers: { "idempotency-key": key },
    }).then((answer) => answer.data);
  try {
    return await send();
  } catch (error) {
    const retry = !(error instanceof ApiError) || error.status === 409;
    if (!retry) throw error;
    await new Promise((resolve) => setTimeout(resolve, 600));
    return send();
  }
}

export const requestDeposit = (request: DepositRequest, key: string) =>
  postInvoice<DepositResponse>("/api/payment/invoices/deposit", request, key);

export const requestWithdrawal = (request: WithdrawRequest, key: string) =>
  postInvoice<WithdrawResponse>("/api/payment/invoices/withdrawal", request, key);
