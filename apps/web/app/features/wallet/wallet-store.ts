// Browser-side wallet state that outlives a component: the equivalent currency and the payment
// region (local storage), the awaited async invoice (session storage), and how the wallet was
// opened or is being closed (memory). Read in components with useSyncExternalStore.
import { useSyncExternalStore } from "react";

/** Spec §3 "Other client storage": the equivalent currency lives in local storage. */
export const EQUIVALENT_KEY = "equivalentCurrency";
/** The chosen payment-methods region (WL-22). */
export const REGION_KEY = "paymentRegion";
/** Spec §3: a pending async invoice id lives in session storage (DP-09). */
export const ASYNC_INVOICE_KEY = "pendingAsyncInvoice";

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function read(storage: "local" | "session", key: string): string | null {
  if (typeof window === "undefined") return null;
  try {
    return (storage === "local" ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(storage: "local" | "session", key: string, value: string | null): void {
  try {
    const target = storage === "local" ? localStorage : sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
  emit();
}

function useStored(storage: "local" | "session", key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(storage, key),
    () => null,
  );
}

/** WL-16, WL-17: the saved equivalent currency (null: the toggle is off). */
export const useEquivalentCurrency = () => useStored("local", EQUIVALENT_KEY);
/** Saves it only when `isKnown` says it is a known currency; null removes it. */
export function setEquivalentCurrency(code: string | null, isKnown: (code: string) => boolean) {
  if (code !== null && !isKnown(code)) return;
  write("local", EQUIVALENT_KEY, code);
}

export const useStoredRegion = () => useStored("local", REGION_KEY);
export const setStoredRegion = (code: string | null) => write("local", REGION_KEY, code);

export const useAwaitedInvoice = () => useStored("session", ASYNC_INVOICE_KEY);
export const setAwaitedInvoice = (id: string | null) => write("session", ASYNC_INVOICE_KEY, id);

// Memory-only flags.
let depositOnly = false;
let quietClose = false;
let outcome: { message: string | null; invoiceId: string | null } = {
  message: null,
  invoiceId: null,
};

/** WL-02: the next wallet opens as deposit-only (no tabs, a title instead). */
export function markDepositOnly(value: boolean) {
  depositOnly = value;
}
export const isDepositOnly = () => depositOnly;

/**
 * The wallet closes on purpose (the deposit went to the payment window, a result modal takes
 * over, the limits page opens): no cancel-deposit question this time (WL-29).
 */
export function closeQuietly() {
  quietClose = true;
}
export function takeQuietClose(): boolean {
  const value = quietClose;
  quietClose = false;
  return value;
}

let depositEntered = false;
/** The player typed or picked something in the deposit form: only then does closing ask (WL-29). */
export function markDepositEntered() {
  depositEntered = true;
}
/** Whether a deposit was begun since the wallet last closed (entered, or an invoice awaited). */
export function takeDepositEntered(): boolean {
  const value = depositEntered || read("session", ASYNC_INVOICE_KEY) !== null;
  depositEntered = false;
  return value;
}

/** What the deposit-pending / deposit-error modal opened by the wallet shows (and watches). */
export function setOutcomeMessage(message: string | null, invoiceId: string | null) {
  outcome = { message, invoiceId };
}
export const lastOutcome = () => outcome;
