// The crypto address form (spec §2, §4 "Crypto deposit", CR-01…CR-06): network dropdown,
// warning, the address and destination tag from the deposit response, a 176 px QR, and a copy
// button with a copied state for 2 s. The address is requested on mount and again when the
// network (or, later, the bonus choice) changes, debounced 1 s.
import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../lib/api/api-error";
import { useSite } from "../../lib/site";
import { type BonusSelection, depositBonusFields } from "../bonus/bonus-rules";
import { DepositBonusPicker } from "../bonus/deposit-bonus";
import { QrCode } from "./qr-code";
import { networkOptions } from "./use-method-form";
import { requestDeposit } from "./wallet-api";
import { CRYPTO_NETWORK, newIdempotencyKey } from "./wallet-rules";
import type { PaymentMethod, WalletAccount } from "./wallet-types";

/** Spec §9: crypto address debounce 1000 ms; copy tooltip 2 s. */
export const ADDRESS_DEBOUNCE_MS = 1000;
export const COPIED_MS = 2000;

type Address = { address: string; tag: string | null };

export function CryptoAddressForm({
  method,
  account,
  country,
}: {
  method: PaymentMethod;
  account: WalletAccount;
  country: string | undefined;
}) {
  const { t } = useSite();
  const networkId = useId();
  const networks = networkOptions(method.fields);
  const [network, setNetwork] = useState(networks[0]?.code ?? "");
  const [address, setAddress] = useState<Address | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  // CR-04, CR-07: the bonus choice joins the request key (a change asks for a new address).
  const [bonus, setBonus] = useState<BonusSelection | null>(null);
  const bonusKey = bonus === null ? "" : bonus.kind === "bonus" ? `b${bonus.bonusId}` : bonus.kind;
  const texts = useRef(t);
  texts.current = t;

  const requestKey = `${method.method}|${account.id}|${network}|${attempt}|${bonusKey}`;
  useEffect(() => {
    // The first request waits for the bonus choice (CR-07), so mount asks once.
    if (requestKey.endsWith("|")) return;
    let live = true;
    setLoading(true);
    setFailed(null);
    const timer = window.setTimeout(() => {
      const [, , code, , choice = ""] = requestKey.split("|");
      const selection: BonusSelection = choice.startsWith("b")
        ? { kind: "bonus", bonusId: Number(choice.slice(1)) }
        : choice === "promo"
          ? { kind: "promo" }
          : { kind: "declined" };
      requestDeposit(
        {
          method: method.method,
          currency: account.currency,
          country,
          amount: method.amountMin,
          accountId: account.id,
          ...depositBonusFields(selection),
          fields: code ? { [CRYPTO_NETWORK]: code } : {},
        },
        newIdempotencyKey(),
      )
        .then((response) => {
          if (!live) return;
          if (response.address) setAddress({ address: response.address, tag: response.tag });
          else
            setFailed(
              texts.current(
                "modals.wallet.addressUnavailable",
                "No deposit address is available right now.",
              ),
            );
        })
        .catch((error: unknown) => {
          if (!live) return;
          setAddress(null);
          const detail =
            error instanceof ApiError
              ? (Object.values(error.fields)[0]?.[0] ?? error.message)
              : null;
          setFailed(
            `${texts.current("modals.wallet.addressUnavailable", "No deposit address is available right now.")}${detail ? ` ${detail}` : ""}`,
          );
        })
        .finally(() => {
          if (live) setLoading(false);
        });
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [requestKey, method.method, method.amountMin, account.currency, account.id, country]);

  const networkName = networks.find((item) => item.code === network)?.option.name ?? network;
  return (
    <div className="modal-form wallet-form wallet-crypto">
      {networks.length > 0 ? (
        <div className="modal-form__field">
          <label className="modal-form__label" htmlFor={networkId}>
            {t("modals.wallet.network", "Network")}
          </label>
          <select
            id={networkId}
            name={CRYPTO_NETWORK}
            className="modal-form__input"
            value={network}
            onChange={(event) => setNetwork(event.target.value)}
          >
            {networks.map((item) => (
              <option key={item.code} value={item.code}>
                {item.option.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="wallet-warning" role="note">
        {t(
          "modals.wallet.cryptoWarning",
          "Send only {currency} over the {network} network to this address. Other coins or networks are lost.",
          { currency: account.currency, network: networkName },
        )}
      </p>
      <div className="wallet-bonus-slot" data-slot="deposit-bonus">
        <DepositBonusPicker currency={account.currency} amount="" crypto onChange={setBonus} />
      </div>
      {address ? (
        <AddressBlock address={address} />
      ) : loading ? (
        <p className="wallet-hint" role="status" aria-busy="true">
          {t("modals.wallet.addressLoading", "Getting your deposit address…")}
        </p>
      ) : (
        <div className="wallet-stage">
          <p className="modal-notice" role="alert">
            {failed}
          </p>
          <button
            type="button"
            className="modal-button modal-button--secondary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t("modals.wallet.tryAgain", "Try again")}
          </button>
        </div>
      )}
    </div>
  );
}

function AddressBlock({ address }: { address: Address }) {
  const { t } = useSite();
  const addressId = useId();
  const tagId = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address.address);
    } catch {
      const input = document.getElementById(addressId) as HTMLInputElement | null;
      input?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <div className="wallet-address">
      <QrCode
        payload={address.address}
        label={t("modals.wallet.addressQr", "Deposit address QR code")}
      />
      <div className="modal-form__field">
        <label className="modal-form__label" htmlFor={addressId}>
          {t("modals.wallet.address", "Deposit address")}
        </label>
        <div className="wallet-copy">
          <input
            id={addressId}
            name="address"
            className="modal-form__input wallet-copy__value"
            readOnly
            value={address.address}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="modal-button wallet-copy__button" onClick={copy}>
            {copied ? t("modals.wallet.copied", "Copied") : t("modals.wallet.copy", "Copy")}
          </button>
        </div>
        <span className="visually-hidden" role="status">
          {copied ? t("modals.wallet.copiedStatus", "Address copied") : ""}
        </span>
      </div>
      {address.tag ? (
        <div className="modal-form__field">
          <label className="modal-form__label" htmlFor={tagId}>
            {t("modals.wallet.tag", "Destination tag")}
          </label>
          <input id={tagId} name="tag" className="modal-form__input" readOnly value={address.tag} />
        </div>
      ) : null}
    </div>
  );
}
