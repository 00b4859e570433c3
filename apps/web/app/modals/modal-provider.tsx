import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { patchQuery } from "../lib/query-patch";
import { type ModalApi, ModalContext, useSite } from "../lib/site";
import { getModal, MODAL_QUERY_NAMES } from "./modal-definitions";
import { ModalHost } from "./modal-host";
import {
  canOpen,
  changedParams,
  MODAL_TRANSITION_MS,
  queryValueFor,
  resolveModalQuery,
  restrictedSubstitute,
} from "./modal-rules";
import { preloadModal } from "./modal-views";

export type ModalEntry = {
  id: number;
  key: string;
  value: string | undefined;
  /** false while the close transition runs (250 ms), then the entry is dropped. */
  open: boolean;
  /** Element focused before the modal opened; focus returns there on close. */
  returnFocus: HTMLElement | null;
};

let nextId = 1;

/**
 * The modal system: a stack of open modals, the ModalApi of lib/site.tsx, and the URL query
 * reflection (MD-01..MD-04). Access is checked when a modal opens (programmatically or from the
 * URL): a guest asking for a player-only modal gets sign-in instead; a player asking for a
 * guest-only modal gets nothing.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const { session, authRestricted } = useSite();
  const isLoggedIn = session.isLoggedIn;
  const location = useLocation();
  const navigate = useNavigate();
  const [entries, setEntries] = useState<ModalEntry[]>([]);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;

  // Modals being closed, by key: where their focus goes back to. A modal opened from inside one
  // (cancel-deposit as the wallet closes, the wallet again from "Continue deposit") returns focus
  // there too, not to a button that is about to disappear.
  const closing = useRef(new Map<string, HTMLElement | null>());

  const push = useCallback((key: string, value: string | undefined) => {
    preloadModal(key);
    const active =
      typeof document !== "undefined" && document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    const from = active?.closest<HTMLElement>("[data-modal-layer]")?.dataset.modalLayer;
    const returnFocus =
      from !== undefined && closing.current.has(from)
        ? (closing.current.get(from) ?? null)
        : active === document.body && closing.current.size > 0
          ? ([...closing.current.values()].at(-1) ?? null)
          : active;
    closing.current.delete(key);
    setEntries((list) => {
      const current = list.find((entry) => entry.key === key && entry.open);
      if (current) {
        return current.value === value
          ? list
          : list.map((entry) => (entry === current ? { ...entry, value } : entry));
      }
      const rest = list.filter((entry) => entry.key !== key);
      return [...rest, { id: nextId++, key, value, open: true, returnFocus }];
    });
  }, []);

  const dismiss = useCallback((id: number) => {
    const entry = entriesRef.current.find((item) => item.id === id);
    if (entry) closing.current.set(entry.key, entry.returnFocus);
    setEntries((list) =>
      list.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)),
    );
    window.setTimeout(() => {
      if (entry && closing.current.get(entry.key) === entry.returnFocus) {
        closing.current.delete(entry.key);
      }
      setEntries((list) => list.filter((entry) => entry.id !== id || entry.open));
    }, MODAL_TRANSITION_MS);
  }, []);

  const open = useCallback<ModalApi["open"]>(
    (requested, value) => {
      const key = restrictedSubstitute(requested, authRestricted);
      const definition = getModal(key);
      if (!definition) {
        console.warn(`Unknown modal "${key}"`);
        return;
      }
      if (!canOpen(definition, isLoggedIn)) {
        if (definition.access === "player") open("sign-in");
        return;
      }
      const queryValue = queryValueFor(definition, value);
      push(key, queryValue ?? value);
      if (definition.query && queryValue) {
        patchQuery(navigate, { [definition.query.name]: queryValue });
      }
    },
    [isLoggedIn, authRestricted, navigate, push],
  );

  const close = useCallback<ModalApi["close"]>(
    (key) => {
      const openEntries = entriesRef.current.filter((entry) => entry.open);
      const target = key
        ? openEntries.findLast((entry) => entry.key === key)
        : openEntries[openEntries.length - 1];
      if (!target) return;
      dismiss(target.id);
      const query = getModal(target.key)?.query;
      if (query) patchQuery(navigate, { [query.name]: null });
    },
    [dismiss, navigate],
  );

  // URL → stack: modal parameters that changed since the last look (all of them on load).
  const seenSearch = useRef<string | null>(null);
  useEffect(() => {
    const before = seenSearch.current ?? "";
    seenSearch.current = location.search;
    const names = changedParams(before, location.search, MODAL_QUERY_NAMES);
    if (names.size === 0) return;
    const params = new URLSearchParams(location.search);
    const { open: toOpen, remove } = resolveModalQuery(location.search, isLoggedIn, names);
    for (const request of toOpen) {
      const key = restrictedSubstitute(request.key, authRestricted);
      if (key === request.key) {
        push(key, request.value);
      } else {
        // Sign-in and sign-up are not offered in this country: say so, and drop the query.
        push(key, undefined);
        remove.push(getModal(request.key)?.query?.name ?? request.key);
      }
    }
    for (const name of names) {
      if (params.has(name)) continue;
      const entry = entriesRef.current.find(
        (item) => item.open && getModal(item.key)?.query?.name === name,
      );
      if (entry) dismiss(entry.id);
    }
    if (remove.length > 0) {
      patchQuery(navigate, Object.fromEntries(remove.map((name) => [name, null])));
    }
  }, [location.search, isLoggedIn, authRestricted, navigate, push, dismiss]);

  // Leaving the page closes modals that do not live in the URL.
  const seenPath = useRef(location.pathname);
  useEffect(() => {
    if (seenPath.current === location.pathname) return;
    seenPath.current = location.pathname;
    for (const entry of entriesRef.current) {
      if (entry.open && !getModal(entry.key)?.query) dismiss(entry.id);
    }
  }, [location.pathname, dismiss]);

  // Signing in or out closes the modals the new state may not see.
  useEffect(() => {
    for (const entry of entriesRef.current) {
      const definition = getModal(entry.key);
      if (entry.open && definition && !canOpen(definition, isLoggedIn)) close(entry.key);
    }
  }, [isLoggedIn, close]);

  // Guests most often open sign-in: fetch its code once the page is idle.
  useEffect(() => {
    if (isLoggedIn || typeof window.requestIdleCallback !== "function") return;
    const id = window.requestIdleCallback(() => preloadModal("sign-in"), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, [isLoggedIn]);

  const api = useMemo<ModalApi>(
    () => ({
      open,
      close,
      stack: entries.filter((entry) => entry.open).map((entry) => entry.key),
    }),
    [open, close, entries],
  );

  return (
    <ModalContext.Provider value={api}>
      {children}
      <ModalHost entries={entries} onClose={close} />
    </ModalContext.Provider>
  );
}
