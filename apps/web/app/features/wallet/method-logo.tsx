import type { Currency } from "@casino/contract/settings";
import { useState } from "react";
import type { PaymentMethod } from "./wallet-types";

/** The cash-agent withdrawal method (spec §9), which has an icon of its own. */
export const CASH_AGENT_METHOD = "cash-agent";

export type FallbackIcon = { icon: "cash-agent" | "currency" | "fiat"; text: string };

/**
 * The icon of a method without a logo (CN-06): the cash agent's own; otherwise by currency (the
 * code of a crypto currency) or the fiat icon.
 */
export function fallbackIcon(
  method: Pick<PaymentMethod, "method">,
  currency: Pick<Currency, "code" | "type"> | undefined,
): FallbackIcon {
  if (method.method === CASH_AGENT_METHOD) return { icon: "cash-agent", text: "" };
  if (currency?.type === "crypto") return { icon: "currency", text: currency.code.slice(0, 4) };
  return { icon: "fiat", text: "▭" };
}

/** A method's logo; without one (or when it fails to load) its fallback icon. */
export function MethodLogo({
  method,
  currency,
}: {
  method: Pick<PaymentMethod, "logo" | "method">;
  currency: Pick<Currency, "code" | "type"> | undefined;
}) {
  const [failed, setFailed] = useState(false);
  if (method.logo && !failed) {
    return (
      <img
        className="wallet-logo"
        src={method.logo}
        alt=""
        width={32}
        height={32}
        onError={() => setFailed(true)}
      />
    );
  }
  const { icon, text } = fallbackIcon(method, currency);
  return (
    <span className="wallet-logo wallet-logo--fallback" data-icon={icon} aria-hidden="true">
      {icon === "cash-agent" ? (
        // A person handing over a banknote.
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          aria-hidden="true"
        >
          <circle cx="8" cy="6" r="3" strokeWidth="1.8" />
          <path d="M2 20v-2a6 6 0 0 1 10-4.5" strokeWidth="1.8" strokeLinecap="round" />
          <rect x="13" y="12" width="9" height="6" rx="1" strokeWidth="1.8" />
          <circle cx="17.5" cy="15" r="1" fill="currentColor" stroke="none" />
        </svg>
      ) : (
        text
      )}
    </span>
  );
}
