import { lazy, Suspense } from "react";
import type { ModalEntry } from "./modal-provider";
import { loadModalFrame } from "./modal-views";

// The dialog frame (Radix Dialog and the modal styles) loads with the first modal, keeping it out
// of the home page's initial JavaScript.
const ModalFrame = lazy(loadModalFrame);

export function ModalHost({
  entries,
  onClose,
}: {
  entries: readonly ModalEntry[];
  onClose: (key: string) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {entries.map((entry, level) => (
        <ModalFrame key={entry.id} entry={entry} level={level} onClose={onClose} />
      ))}
    </Suspense>
  );
}
