import { type ComponentProps, useId } from "react";

export function TextField({
  label,
  ...input
}: { label: string; name: string } & ComponentProps<"input">) {
  const id = useId();
  return (
    <div className="modal-form__field">
      <label className="modal-form__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="modal-form__input" {...input} />
    </div>
  );
}
