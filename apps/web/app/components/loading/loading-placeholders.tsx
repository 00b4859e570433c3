// Loading states of lists in lazy page chunks (spec §9): a list still loading shows 2
// placeholder items (CN-03), and only once the load has taken 200 ms, the async-component delay
// (CN-05), so a quick answer never flashes a placeholder.
import { type ReactNode, useEffect, useState } from "react";
import "./loading-placeholders.css";

/** Spec §9: loading placeholders render 2 items. */
export const LOADING_PLACEHOLDERS = 2;

/** Spec §9: the async-component delay, before a loading state shows. */
export const ASYNC_COMPONENT_DELAY_MS = 200;

/** Calls `show` after `ms`; the returned function cancels it. */
export function showAfter(ms: number, show: () => void): () => void {
  const timer = setTimeout(show, ms);
  return () => clearTimeout(timer);
}

/** Renders its children only after the async-component delay (nothing on the server). */
export function Delayed({
  children,
  ms = ASYNC_COMPONENT_DELAY_MS,
}: {
  children: ReactNode;
  ms?: number;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => showAfter(ms, () => setShown(true)), [ms]);
  return shown ? children : null;
}

/** A busy list of placeholder items, announced by `label`. */
export function LoadingPlaceholders({
  label,
  count = LOADING_PLACEHOLDERS,
}: {
  label: string;
  count?: number;
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <ul className="loading-placeholders" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <li key={index} className="loading-placeholders__item" />
        ))}
      </ul>
    </div>
  );
}

/** The loading state of a list: 2 placeholders, shown after the async-component delay. */
export function ListLoading({ label }: { label: string }) {
  return (
    <Delayed>
      <LoadingPlaceholders label={label} />
    </Delayed>
  );
}
