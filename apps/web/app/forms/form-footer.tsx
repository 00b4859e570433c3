// The end of a page form (profile details, password, contact): the error notice (role=alert),
// the success message (role=status) and the submit button with its busy state.
import { FormNotice } from "../modals/views/form-notice";
import { SubmitButton } from "./fields";

export function FormFooter({
  notice,
  done,
  busy,
  disabled = false,
  label,
  busyText,
}: {
  notice: string | null;
  /** The success message, shown once the form went through; null hides it. */
  done: string | null;
  busy: boolean;
  disabled?: boolean;
  label: string;
  busyText: string;
}) {
  return (
    <>
      <FormNotice text={notice} />
      {done ? (
        <p className="modal-text" role="status">
          {done}
        </p>
      ) : null}
      <div className="modal-form__actions">
        <SubmitButton busy={busy} disabled={disabled} label={label} busyText={busyText} />
      </div>
    </>
  );
}
