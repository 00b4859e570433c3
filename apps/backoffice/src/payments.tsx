// Payments: the currencies (rate to the base currency, symbol, visibility in the pickers, order)
// and the payment methods of both directions (switch, title, logo, countries, order; each
// currency's limits and presets on the method's page, payments-method.tsx). Codes, subunits,
// a currency's switch, a method's processor, fields and currencies are deployment data: shown,
// not edited (README "Operator API").
import type { OperatorCurrency, OperatorPaymentMethod } from "@casino/contract/operator";
import { type Desk, NotFound } from "./app";
import { decimal } from "./payments-forms";
import { countriesOf, MethodPage, methodName } from "./payments-method";
import {
  ActionForm,
  Check,
  changes,
  checked,
  Field,
  Link,
  Loading,
  Switch,
  Table,
  text,
  useLoad,
  usePageTitle,
  when,
} from "./ui";

export function PaymentsDesk({ desk, rest }: { desk: Desk; rest: string }) {
  if (rest === "") return <PaymentsPage desk={desk} />;
  const currency = /^\/currencies\/([A-Z0-9]{2,10})$/.exec(rest);
  if (currency) return <CurrencyPage desk={desk} code={currency[1]!} />;
  const method = /^\/methods\/(\d{1,18})$/.exec(rest);
  if (method) return <MethodPage desk={desk} id={method[1]!} />;
  return <NotFound />;
}

/** "100 (2 decimals)": minor units per major unit, a power of ten. */
const subunits = (subunitToUnit: string) =>
  `${subunitToUnit} (${subunitToUnit.length - 1} decimal${subunitToUnit.length === 2 ? "" : "s"})`;

function PaymentsPage({ desk }: { desk: Desk }) {
  const currencies = useLoad(() => desk.api.get<{ data: OperatorCurrency[] }>("/currencies"), []);
  const methods = useLoad(
    () => desk.api.get<{ data: OperatorPaymentMethod[] }>("/payment-methods"),
    [],
  );
  usePageTitle("Payments");
  const base = currencies.data?.data.find((currency) => currency.isBase)?.code ?? "base";
  return (
    <>
      <h1>Payments</h1>
      <section aria-labelledby="currencies">
        <h2 id="currencies">Currencies</h2>
        <p className="hint">
          The rate is the value of one unit in the base currency ({base}); a new rate applies from
          the next conversion. Visible currencies are offered in the sign-up and wallet pickers.
        </p>
        {!currencies.data ? (
          <Loading error={currencies.error} />
        ) : (
          <Table
            columns={[
              "Currency",
              "Type",
              "Minor units",
              `Rate (in ${base})`,
              "Order",
              "Enabled",
              "In the pickers",
            ]}
          >
            {currencies.data.data.map((currency) => (
              <tr key={currency.code}>
                <th scope="row">
                  <Link to={`/payments/currencies/${currency.code}`}>{currency.code}</Link>{" "}
                  {currency.symbol}
                  {currency.isBase && <span className="tag">base</span>}
                </th>
                <td>{currency.type}</td>
                <td>{subunits(currency.subunitToUnit)}</td>
                <td>{decimal(currency.rate)}</td>
                <td>{currency.position}</td>
                <td>{currency.isEnabled ? "Yes" : "No"}</td>
                <td>
                  <Switch
                    desk={desk}
                    name={`${currency.code} in the pickers`}
                    on={currency.isVisible}
                    url={`/currencies/${currency.code}`}
                    body={(on) => ({ isVisible: !on })}
                    done={currencies.reload}
                  />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      {(["deposit", "withdrawal"] as const).map((direction) => (
        <section key={direction} aria-labelledby={`${direction}-methods`}>
          <h2 id={`${direction}-methods`}>
            {direction === "deposit" ? "Deposit methods" : "Withdrawal methods"}
          </h2>
          {!methods.data ? (
            <Loading error={methods.error} />
          ) : (
            <Table columns={["Method", "Processing", "Countries", "Currencies", "Order", "Switch"]}>
              {methods.data.data
                .filter((method) => method.direction === direction)
                .map((method) => (
                  <tr key={method.id}>
                    <th scope="row">
                      <Link to={`/payments/methods/${method.id}`}>{method.title}</Link>{" "}
                      <code>{method.method}</code>
                    </th>
                    <td>
                      {method.type}, {method.processingType} ({method.processor})
                    </td>
                    <td>
                      {countriesOf(method)}
                      {method.excludedCountries.length > 0 &&
                        `, not ${method.excludedCountries.join(", ")}`}
                    </td>
                    <td>{method.currencies.map((item) => item.currency).join(", ") || "—"}</td>
                    <td>{method.position}</td>
                    <td>
                      <Switch
                        desk={desk}
                        name={methodName(method)}
                        on={method.isEnabled}
                        url={`/payment-methods/${method.id}`}
                        done={methods.reload}
                      />
                    </td>
                  </tr>
                ))}
            </Table>
          )}
        </section>
      ))}
    </>
  );
}

function CurrencyPage({ desk, code }: { desk: Desk; code: string }) {
  const currencies = useLoad(() => desk.api.get<{ data: OperatorCurrency[] }>("/currencies"), []);
  usePageTitle(code);
  if (!currencies.data) return <Loading error={currencies.error} />;
  const currency = currencies.data.data.find((item) => item.code === code);
  if (!currency) return <NotFound />;
  const base = currencies.data.data.find((item) => item.isBase)?.code ?? "the base currency";
  return (
    <>
      <p>
        <Link to="/payments">All currencies and methods</Link>
      </p>
      <h1>
        {currency.code} {currency.symbol}
      </h1>
      <dl className="facts">
        <dt>Type</dt>
        <dd>{currency.type}</dd>
        <dt>Minor units per unit</dt>
        <dd>{subunits(currency.subunitToUnit)}</dd>
        <dt>Rate</dt>
        <dd>
          1 {currency.code} = {decimal(currency.rate)} {base}
        </dd>
        <dt>Base currency</dt>
        <dd>{currency.isBase ? "Yes (its rate stays 1)" : "No"}</dd>
        <dt>Enabled</dt>
        <dd>{currency.isEnabled ? "Yes" : "No"} (fixed: accounts and the ledger hold it)</dd>
        <dt>In the pickers</dt>
        <dd>{currency.isVisible ? "Yes" : "No"}</dd>
        <dt>Order</dt>
        <dd>{currency.position}</dd>
        <dt>Last changed</dt>
        <dd>{when(currency.updatedAt)}</dd>
      </dl>
      <ActionForm
        label={`Edit ${currency.code}`}
        titled
        submit="Save currency"
        action={async (form) => {
          const patch = changes(
            { ...currency, rate: decimal(currency.rate) },
            {
              symbol: text(form, "symbol"),
              rate: decimal(text(form, "rate")),
              isVisible: checked(form, "isVisible"),
              position: Number(text(form, "position")),
            },
          );
          if (Object.keys(patch).length === 0) return "Nothing changed.";
          await desk.api.send("PATCH", `/currencies/${currency.code}`, patch);
          currencies.reload();
          return `Saved ${currency.code}.`;
        }}
      >
        <Field label="Symbol" name="symbol" defaultValue={currency.symbol} />
        <Field
          label={`Rate: 1 ${currency.code} in ${base}`}
          name="rate"
          defaultValue={decimal(currency.rate)}
        />
        <Field
          label="Order (lower first)"
          name="position"
          type="number"
          defaultValue={String(currency.position)}
        />
        <Check
          label="Offered in the sign-up and wallet pickers"
          name="isVisible"
          defaultChecked={currency.isVisible}
        />
      </ActionForm>
    </>
  );
}
