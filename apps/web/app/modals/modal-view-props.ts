/** What every modal view receives from its frame. */
export type ModalViewProps = {
  modalKey: string;
  /** The query value it was opened with (wallet: "deposit" | "withdraw"). */
  value: string | undefined;
  /** Closes this modal. */
  close: () => void;
};
