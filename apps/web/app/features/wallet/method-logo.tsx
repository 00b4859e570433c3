import type { Currency } from "@casino/contract/settings";
import { useState } from "react";
import type { PaymentMethod } from "./wallet-types";

/**
 * A method's logo; without one (or when it fails to load) an icon by currency: the currency
 * code for crypto, a card for fiat (spec §9).
 */
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
  return (
    <span className="wallet-logo wallet-logo--fallback" aria-hidden="true">
      {currency?.type === "crypto" ? currency.code.slice(0, 4) : "▭"}
    </span>
  );
}
