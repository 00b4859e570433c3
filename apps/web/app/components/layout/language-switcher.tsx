import { useCallback, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { pathInLocale, switchLocale } from "../../lib/locale";
import { useSite } from "../../lib/site";
import { ChevronDownIcon, GlobeIcon } from "../art/icons";
import { cx } from "../ui/cx";
import { languageName } from "./content";
import { useDismiss } from "./hooks";

/**
 * The language switcher: a disclosure listing every locale as a link to the current page in
 * that locale (hreflang, lang). A plain click switches in place through switchLocale, which
 * also remembers the choice in the user-language cookie.
 */
export function LanguageSwitcher({
  placement,
  compact = false,
}: {
  placement: "drawer" | "footer" | "header";
  /** In the compact drawer rail: icon only, list opens to the side. */
  compact?: boolean;
}) {
  const { locale, locales, defaultLocale, t } = useSite();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [listRef], toggleRef);

  if (locales.length < 2) return null;
  const current = locales.find((l) => l.code === locale);
  const currentName = current?.name || languageName(locale);
  const label = t("layout.language.label", "Language");

  return (
    <div className={cx("lang", `lang--${placement}`, compact && "lang--compact")}>
      <button
        ref={toggleRef}
        type="button"
        className="lang__toggle"
        aria-expanded={open}
        aria-controls={listId}
        title={compact ? `${label}: ${currentName}` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobeIcon />
        <span className="visually-hidden">{label}: </span>
        <span className="lang__current">{currentName}</span>
        <ChevronDownIcon size={16} className="lang__chevron" />
      </button>
      <ul ref={listRef} id={listId} className="lang__list" hidden={!open}>
        {locales.map((l) => (
          <li key={l.code}>
            <a
              className="lang__option"
              href={pathInLocale(
                location,
                l.code,
                locales.map((x) => x.code),
                defaultLocale,
              )}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === locale ? "true" : undefined}
              onClick={(e) => {
                // Plain clicks switch in place (cookie + client navigation); modified clicks
                // (new tab, ...) follow the link.
                if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                setOpen(false);
                switchLocale(l.code);
              }}
            >
              <span className="lang__code" aria-hidden="true">
                {l.code.slice(0, 2).toUpperCase()}
              </span>
              {l.name || languageName(l.code)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
