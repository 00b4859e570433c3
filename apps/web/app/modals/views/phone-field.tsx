import { useId, useState } from "react";
import { useSite } from "../../lib/site";
import { useCountries } from "./use-countries";

/** Phone with a country prefix (spec §5: local part up to 12 digits, numeric). */
export function PhoneField({ name, label }: { name: string; label: string }) {
  const { t, country } = useSite();
  const id = useId();
  const countries = useCountries();
  const [prefix, setPrefix] = useState<string>("");
  const options = (countries.data ?? []).filter((c) => c.phonePrefix);
  const detected = options.find((c) => c.code === country)?.phonePrefix ?? "";
  const selected = prefix || detected;
  return (
    <div className="modal-form__field">
      <label className="modal-form__label" htmlFor={id}>
        {label}
      </label>
      <div className="modal-form__phone">
        <select
          className="modal-form__input"
          name="phonePrefix"
          aria-label={t("modals.common.phonePrefix", "Country code")}
          value={selected}
          onChange={(event) => setPrefix(event.target.value)}
        >
          <option value="">+</option>
          {options.map((c) => (
            <option key={c.code} value={c.phonePrefix}>
              {`${c.code} +${c.phonePrefix.replace(/^\+/, "")}`}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="modal-form__input"
          name={name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={12}
          pattern="[0-9]*"
        />
      </div>
    </div>
  );
}
