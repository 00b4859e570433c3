import { Dialog } from "radix-ui";
import { Suspense } from "react";
import { useSite } from "../lib/site";
import { getModal, type KnownModalKey } from "./modal-definitions";
import type { ModalEntry } from "./modal-provider";
import { modalZIndex } from "./modal-rules";
import { MODAL_TITLES } from "./modal-titles";
import { viewFor } from "./modal-views";
import "./modal.css";

/**
 * Where focus goes when what opened a modal is gone (the header's "Sign in" button once signed
 * in) or was nothing (a modal opened from the URL): the account button when it shows, else the
 * page's main heading; never the page body, where a keyboard or screen reader user is lost.
 */
function focusFallback() {
  // Something took focus meanwhile (a game's frame that started): leave it there.
  if (document.activeElement && document.activeElement !== document.body) return;
  const account = document.querySelector<HTMLElement>("[data-focus-fallback]");
  account?.focus({ preventScroll: true });
  if (account && document.activeElement === account) return;
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

/**
 * One modal: a Radix Dialog (role dialog, aria-labelledby its title, focus trap, Escape) in its
 * own layer at z-index 1000 + 2 × level (MD-12). Body scroll is locked by the dialog while any
 * modal is open (MD-13); open and close animate for 250 ms (MD-14, modal.css).
 */
export default function ModalFrame({
  entry,
  level,
  onClose,
}: {
  entry: ModalEntry;
  level: number;
  onClose: (key: string) => void;
}) {
  const { t } = useSite();
  const definition = getModal(entry.key);
  if (!definition) return null;
  const View = viewFor(entry.key);
  const title = t(
    `modals.${entry.key}.title`,
    MODAL_TITLES[entry.key as KnownModalKey] ?? entry.key,
  );
  const closeLabel = t("modals.common.close", "Close");
  const zIndex = modalZIndex(level);

  return (
    <Dialog.Root open={entry.open} onOpenChange={(open) => (open ? undefined : onClose(entry.key))}>
      <Dialog.Portal>
        <div
          className="modal-layer"
          style={{ zIndex }}
          data-modal-layer={entry.key}
          data-state={entry.open ? "open" : "closed"}
        >
          <Dialog.Overlay className="modal-overlay" />
          <Dialog.Content
            className={`modal modal--${definition.size}`}
            style={{ zIndex }}
            data-modal-key={entry.key}
            data-level={level}
            aria-describedby={undefined}
            onPointerDownOutside={(event) => {
              if (!definition.closeOnOutsideClick) event.preventDefault();
            }}
            onInteractOutside={(event) => {
              if (!definition.closeOnOutsideClick) event.preventDefault();
            }}
            onEscapeKeyDown={(event) => {
              if (!definition.closeOnEscape) event.preventDefault();
            }}
            onCloseAutoFocus={(event) => {
              // No Dialog.Trigger here: return focus to whatever had it before the modal opened.
              event.preventDefault();
              const target = entry.returnFocus;
              if (target && target !== document.body && target.isConnected) {
                target.focus({ preventScroll: true });
              } else {
                focusFallback();
              }
            }}
          >
            <div className="modal__header">
              <Dialog.Title className="modal__title">{title}</Dialog.Title>
              <Dialog.Close className="modal__close" aria-label={closeLabel}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </Dialog.Close>
            </div>
            <div className="modal__body">
              <Suspense fallback={<div className="modal__loading" aria-busy="true" />}>
                <View modalKey={entry.key} value={entry.value} close={() => onClose(entry.key)} />
              </Suspense>
            </div>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
