import { useEffect, useId, useRef, useState } from "react";
import { useSite } from "../lib/site";
import { useCountries } from "../modals/views/use-countries";
import { errorProps, FieldFrame } from "./fields";
import { PHONE_LOCAL_MAX, phoneLocalPart, phoneValue } from "./phone-rules";

/**
 * Phone with a country-prefix picker (VR-15..VR-17): the local part takes digits only, at most
 * 12; a prefix must be picked (it starts at the request country's); `onChange` gets calling
 * code and number together, or "" while one of them is missing.
 */
export function PhoneInput({
  name,
  label,
  required,
  error,
  onChange,
  onBlur,
  onFocus,
  inputRef,
}: {
  name: string;
  label: string;
  required?: boolean;
  error?: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const { t, country } = useSite();
  const id = useId();
  const countries = useCountries();
  const options = (countries.data ?? []).filter((c) => c.phonePrefix);
  const detected = options.find((c) => c.code === country)?.phonePrefix ?? "";
  const [picked, setPicked] = useState<string | null>(null);
  const [local, setLocal] = useState("");
  const prefix = picked ?? detected;

  const emitted = useRef("");
  useEffect(() => {
    const value = phoneValue(prefix, local);
    if (value === emitted.current) return;
    emitted.current = value;
    onChange(value);
  }, [prefix, local, onChange]);

  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <div className="modal-form__phone">
        <select
          className="modal-form__input"
          name={`${name}Prefix`}
          aria-label={t("modals.common.phonePrefix", "Country code")}
          value={prefix}
          onChange={(event) => setPicked(event.target.value)}
          onFocus={onFocus}
        >
          <option value="">+</option>
          {options.map((c) => (
            <option key={c.code} value={c.phonePrefix}>
              {`${c.code} +${c.phonePrefix.replace(/^\+/, "")}`}
            </option>
          ))}
        </select>
        <input
          ref={inputRef}
          className="modal-form__input"
          name={name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_LOCAL_MAX}
          value={local}
          onChange={(event) => setLocal(phoneLocalPart(event.target.value))}
          onBlur={onBlur}
          onFocus={onFocus}
          {...errorProps(id, error, required)}
        />
      </div>
    </FieldFrame>
  );
}
