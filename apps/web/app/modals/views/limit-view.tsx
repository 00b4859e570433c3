import { AddLimitForm } from "../../features/limits/add-limit-form";
import { BlockForm } from "../../features/limits/block-form";
import { EditLimitForm } from "../../features/limits/edit-limit-form";
import type { ModalViewProps } from "../modal-view-props";

/**
 * One view for the limit modals (one chunk, one registry entry): add-cash-limit (LM-04),
 * edit-cash-limit opened with the limit's id (LM-05), self-exclusion-limit opened with
 * "cooling-off" or "self-exclusion".
 */
export default function LimitView({ modalKey, value, close }: ModalViewProps) {
  if (modalKey === "edit-cash-limit") return <EditLimitForm limitId={value ?? ""} close={close} />;
  if (modalKey === "self-exclusion-limit") {
    return (
      <BlockForm
        initial={value === "self-exclusion" ? "self-exclusion" : "cooling-off"}
        close={close}
      />
    );
  }
  return <AddLimitForm close={close} />;
}
