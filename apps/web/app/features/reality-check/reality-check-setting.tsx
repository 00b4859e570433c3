// The reality-check interval on /profile/limits (issue 6): how often game pages show the
// session's time and net result, or never.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSite } from "../../lib/site";
import { REALITY_CHECK_KEY, realityCheckQuery, saveRealityCheck } from "./reality-check-api";
// Its card and form styles, also on a direct visit of the limits page.
import "../../forms/forms.css";
import "./reality-check.css";

export function RealityCheckSetting() {
  const { t } = useSite();
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`global-components.realityCheck.${key}`, fallback, vars);
  const headingId = useId();
  const fieldId = useId();
  const client = useQueryClient();
  const check = useQuery(realityCheckQuery);
  const [choice, setChoice] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (minutes: number | null) => saveRealityCheck({ intervalMinutes: minutes }),
    onMutate: () => setSaved(false),
    onSuccess: (data) => {
      client.setQueryData(REALITY_CHECK_KEY, data);
      setChoice(null);
      setSaved(true);
    },
  });
  if (!check.data) return null;
  const current = check.data.intervalMinutes === null ? "off" : String(check.data.intervalMinutes);
  const value = choice ?? current;

  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {text("settingTitle", "Reality check")}
      </h2>
      <p>
        {text(
          "settingIntro",
          "While you play, we remind you how long you have played and what you have won or lost.",
        )}
      </p>
      <form
        className="reality-check-setting"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(value === "off" ? null : Number(value));
        }}
      >
        <label htmlFor={fieldId}>{text("settingLabel", "Remind me every")}</label>
        <select
          id={fieldId}
          className="modal-form__input"
          name="intervalMinutes"
          value={value}
          onChange={(event) => {
            setChoice(event.target.value);
            setSaved(false);
          }}
        >
          {check.data.options.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {text("minutes", "{minutes} minutes", { minutes })}
            </option>
          ))}
          <option value="off">{text("off", "Never")}</option>
        </select>
        <button
          type="submit"
          className="modal-button"
          disabled={save.isPending || value === current}
        >
          {text("save", "Save")}
        </button>
        <p role="status" className="reality-check-setting__status">
          {saved
            ? text("saved", "Saved")
            : save.isError
              ? text("failed", "Not saved, try again")
              : ""}
        </p>
      </form>
    </section>
  );
}
