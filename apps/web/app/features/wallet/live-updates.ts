// Live wallet updates (spec §4 "Invoices", §7 "Realtime"): the wallet-accounts and
// payment-invoices channels update the TanStack Query caches, a reconnect refetches them, and
// invoice status 2 and 3 raise the invoice alerts (RTM-11). Until the realtime connection lands
// the listeners never fire, so the wallet also refetches on open, on return from the payment
// page, and polls an invoice it waits for (useInvoiceWatch).
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { onRealtimeReconnect, subscribeRealtime } from "../../lib/realtime/realtime";
import { useSite } from "../../lib/site";
import { useUnitChoice } from "../../lib/use-money";
import { useAlert } from "../../toasts/use-alert";
import {
  paymentInvoicesChannelOf,
  readAccountsEvent,
  readInvoiceEvent,
  walletAccountsChannelOf,
} from "./channels";
import {
  accountsQuery,
  currenciesQuery,
  INVOICES_KEY,
  invoicesQuery,
  TURN_OVER_KEY,
  WALLET_ACCOUNTS_KEY,
} from "./wallet-api";
import { formatMoney, invoiceAlertKey } from "./wallet-rules";
import type { Invoice, InvoiceEvent, WalletAccount } from "./wallet-types";

type InvoiceListener = (invoice: Invoice, type: InvoiceEvent["type"]) => void;
const invoiceListeners = new Set<InvoiceListener>();
/** Alerts already raised, by `${invoiceId}:${status}`: realtime and polling never alert twice. */
const alerted = new Set<string>();

/** Called with every invoice update the tab learns of (realtime or polling). */
export function onInvoiceUpdate(listener: InvoiceListener): () => void {
  invoiceListeners.add(listener);
  return () => {
    invoiceListeners.delete(listener);
  };
}

export function refreshWallet(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
  void client.invalidateQueries({ queryKey: INVOICES_KEY });
  void client.invalidateQueries({ queryKey: TURN_OVER_KEY });
}

function mergeAccount(list: WalletAccount[] | undefined, account: WalletAccount) {
  if (!list) return list;
  const others = list.filter((item) => item.id !== account.id);
  // One active account: the one an event says is active wins.
  const rest =
    account.status === 1 ? others.map((item) => ({ ...item, status: 2 as const })) : others;
  return [...rest, account];
}

/**
 * useRealtime's contract, on subscribeRealtime directly: lib/realtime/use-realtime.ts would join
 * the shell's initial chunk (vite.config.ts groups lib/realtime/ into shell-shared) only for us.
 */
function useChannel(channel: string | null, listener: (data: unknown) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!channel) return;
    return subscribeRealtime(channel, (data) => latest.current(data));
  }, [channel]);
}

/** Mount once per wallet surface (modal, profile pages, result modals) while signed in. */
export function useWalletLiveUpdates(): void {
  const { session, locale } = useSite();
  const client = useQueryClient();
  const alert = useAlert();
  const currencies = useQuery({ ...currenciesQuery, enabled: session.isLoggedIn });
  const profileId = session.isLoggedIn ? session.profileId : null;
  const choice = useUnitChoice();
  const latest = useRef({ alert, currencies: currencies.data, locale, choice });
  latest.current = { alert, currencies: currencies.data, locale, choice };

  useChannel(profileId ? walletAccountsChannelOf(profileId) : null, (data) => {
    const event = readAccountsEvent(data);
    if (!event) return;
    client.setQueryData<WalletAccount[]>(WALLET_ACCOUNTS_KEY, (list) =>
      mergeAccount(list, event.account),
    );
    void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
  });

  useChannel(profileId ? paymentInvoicesChannelOf(profileId) : null, (data) => {
    const event = readInvoiceEvent(data);
    if (event) announceInvoice(client, event.invoice, event.type);
  });

  useEffect(() => {
    const stop = onRealtimeReconnect(() => refreshWallet(client));
    const unlisten = onInvoiceUpdate((invoice, type) => {
      const key = invoiceAlertKey(type, invoice.status);
      const id = `${invoice.id}:${invoice.status}`;
      if (!key || alerted.has(id)) return;
      alerted.add(id);
      const { currencies: list, locale: code } = latest.current;
      const currency = list?.find((item) => item.code === invoice.currency);
      latest.current.alert(key, {
        sum: formatMoney(invoice.amount, currency, invoice.currency, latest.current.choice),
        date: new Date(invoice.createdAt).toLocaleString(code),
      });
    });
    return () => {
      stop();
      unlisten();
    };
  }, [client]);
}

/**
 * One invoice update, from realtime or from polling: caches refresh, listeners hear of it.
 * Alerts are raised by the mounted useWalletLiveUpdates (once per invoice and status).
 */
export function announceInvoice(
  client: QueryClient,
  invoice: Invoice,
  type: InvoiceEvent["type"],
): void {
  if (invoice.status !== 1) {
    void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
  }
  void client.invalidateQueries({ queryKey: INVOICES_KEY });
  for (const listener of invoiceListeners) listener(invoice, type);
}

const seenStatus = new Map<string, string>();

/**
 * The polling fallback for an invoice the wallet waits for (an async QR, a payment page, a QR
 * or a bank transfer): the player's newest invoices every `intervalMs` until this one is
 * settled (or, with `untilQr`, has its QR), each change announced like a realtime event.
 */
export function useInvoiceWatch(
  invoiceId: string | null,
  options: { type: 1 | 2; untilQr?: boolean; intervalMs?: number },
): Invoice | null {
  const client = useQueryClient();
  const { intervalMs = 2000, type, untilQr = false } = options;
  const query = useQuery({
    ...invoicesQuery({ page: 1, perPage: 20, type }),
    enabled: invoiceId !== null,
    staleTime: 0,
    refetchInterval: (state) => {
      const invoice = state.state.data?.data.find((item) => item.id === invoiceId);
      if (!invoice) return intervalMs;
      if (invoice.status !== 1) return false;
      if (untilQr && invoice.publicData.qr) return false;
      return intervalMs;
    },
  });
  const invoice = query.data?.data.find((item) => item.id === invoiceId) ?? null;
  useEffect(() => {
    if (!invoice) return;
    const signature = `${invoice.status}:${invoice.publicData.qr ?? ""}`;
    if (seenStatus.get(invoice.id) === signature) return;
    const first = !seenStatus.has(invoice.id);
    seenStatus.set(invoice.id, signature);
    if (first && invoice.status === 1 && !invoice.publicData.qr) return;
    announceInvoice(
      client,
      invoice,
      invoice.type === 1 ? "invoice.deposit.updated" : "invoice.withdrawal.updated",
    );
  }, [invoice, client]);
  return invoice;
}

/** The player's wallet accounts (refetched whenever a wallet surface mounts). */
export function useAccounts(enabled = true) {
  return useQuery({ ...accountsQuery, enabled, refetchOnMount: "always" });
}
