// Payments: the currencies (add one; rate to the base currency, symbol, display sub-units,
// visibility in the pickers, order, the switch; which methods take it) and the payment methods of
// both directions (switch, title, logo, countries, order; each currency's limits and presets,
// and the currencies it takes, on the method's page, payments-method.tsx). A currency's code and
// minor units, and a method's processor and fields, are deployment data: shown, not edited
// (README "Operator API").
import type { OperatorCurrency, OperatorPaymentMethod } from "@casino/contract/operator";
import { type Desk, NotFound } from "./app";
import { decimal, limitsOf, MethodLimitFields } from "./payments-forms";
import { countriesOf, MethodPage, methodName } from "./payments-method";
import { navigate } from "./router";
import {
  ActionForm,
  Check,
  changes,
  checked,
  Field,
  Link,
  Loading,
  listOf,
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
          the next conversion. Visible currencies are offered in the sign-up and wallet pickers. A
          switched-off currency opens no new accounts and takes no deposits; what players hold in it
          can still be played and withdrawn.
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
                <td>
                  <Switch
                    desk={desk}
                    name={currency.code}
                    on={currency.isEnabled}
                    url={`/currencies/${currency.code}`}
                    done={currencies.reload}
                  />
                </td>
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
        <NewCurrency desk={desk} base={base} />
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

/** "mBTC=1000, uBTC=1000000" → the sub-units; "" → none. */
function subCurrenciesOf(value: string) {
  return listOf(value).map((entry) => {
    const [code, subunitToUnit, ...rest] = entry.split("=");
    if (!code || !subunitToUnit || rest.length > 0) {
      throw new Error(`Write each sub-unit as code=factor, like mBTC=1000 (not "${entry}")`);
    }
    return { code, subunitToUnit };
  });
}

const subCurrencyText = (currency: OperatorCurrency) =>
  currency.subCurrencies.map((sub) => `${sub.code}=${sub.subunitToUnit}`).join(", ");

const SUB_UNITS_LABEL = "Display sub-units (code=units per one, like mBTC=1000; optional)";

/** 0 to 18 decimals: the minor units per unit as the API takes them ("100"). */
const DECIMALS = Array.from({ length: 19 }, (_, decimals) => decimals);

function NewCurrency({ desk, base }: { desk: Desk; base: string }) {
  return (
    <>
      <p className="hint">
        A new currency starts switched off: give its payment methods' limits on its page, then
        switch it on. Its code and decimals cannot change later.
      </p>
      <ActionForm
        label="New currency"
        titled
        submit="Add currency"
        action={async (form) => {
          const code = text(form, "code").toUpperCase();
          await desk.api.send("POST", "/currencies", {
            code,
            type: text(form, "type"),
            symbol: text(form, "symbol"),
            subunitToUnit: `1${"0".repeat(Number(text(form, "decimals")))}`,
            rate: text(form, "rate"),
            subCurrencies: subCurrenciesOf(text(form, "subCurrencies")),
            isVisible: checked(form, "isVisible"),
            position: Number(text(form, "position") || "0"),
          });
          navigate(`/payments/currencies/${code}`);
          return `Added ${code}, switched off.`;
        }}
      >
        <Field label="Code (like PEN)" name="code" />
        <Field label="Type" name="type" defaultValue="fiat">
          <option value="fiat">fiat</option>
          <option value="crypto">crypto</option>
        </Field>
        <Field label="Symbol" name="symbol" />
        <Field label="Decimals" name="decimals" defaultValue="2">
          {DECIMALS.map((decimals) => (
            <option key={decimals} value={decimals}>
              {decimals}
            </option>
          ))}
        </Field>
        <Field label={`Rate: 1 unit in ${base}`} name="rate" />
        <Field label="Order (lower first)" name="position" type="number" defaultValue="0" />
        <Field label={SUB_UNITS_LABEL} name="subCurrencies" required={false} />
        <Check label="Offered in the sign-up and wallet pickers" name="isVisible" defaultChecked />
      </ActionForm>
    </>
  );
}

function CurrencyPage({ desk, code }: { desk: Desk; code: string }) {
  const currencies = useLoad(() => desk.api.get<{ data: OperatorCurrency[] }>("/currencies"), []);
  const methods = useLoad(
    () => desk.api.get<{ data: OperatorPaymentMethod[] }>("/payment-methods"),
    [],
  );
  usePageTitle(code);
  if (!currencies.data) return <Loading error={currencies.error} />;
  const currency = currencies.data.data.find((item) => item.code === code);
  if (!currency) return <NotFound />;
  const base = currencies.data.data.find((item) => item.isBase)?.code ?? "the base currency";
  const taking = methods.data?.data.filter((method) =>
    method.currencies.some((item) => item.currency === code),
  );
  const addable = methods.data?.data.filter(
    (method) => method.type === "form" && !method.currencies.some((item) => item.currency === code),
  );
  const reload = () => {
    currencies.reload();
    methods.reload();
  };
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
        <dt>Sub-units</dt>
        <dd>{subCurrencyText(currency) || "—"}</dd>
        <dt>Enabled</dt>
        <dd>
          {currency.isEnabled
            ? "Yes"
            : "No: no new accounts or deposits; what players hold in it can still be withdrawn"}
        </dd>
        <dt>In the pickers</dt>
        <dd>{currency.isVisible ? "Yes" : "No"}</dd>
        <dt>Order</dt>
        <dd>{currency.position}</dd>
        <dt>Last changed</dt>
        <dd>{when(currency.updatedAt)}</dd>
      </dl>
      {!currency.isBase && (
        <Switch
          desk={desk}
          name={currency.code}
          on={currency.isEnabled}
          url={`/currencies/${currency.code}`}
          done={reload}
        />
      )}
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
              subCurrencies: subCurrenciesOf(text(form, "subCurrencies")),
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
        <Field
          label={SUB_UNITS_LABEL}
          name="subCurrencies"
          required={false}
          defaultValue={subCurrencyText(currency)}
        />
        <Check
          label="Offered in the sign-up and wallet pickers"
          name="isVisible"
          defaultChecked={currency.isVisible}
        />
      </ActionForm>

      <section aria-labelledby="currency-methods">
        <h2 id="currency-methods">Payment methods</h2>
        {!methods.data || !taking || !addable ? (
          <Loading error={methods.error} />
        ) : (
          <>
            {taking.length === 0 ? (
              <p>No payment method takes {currency.code} yet.</p>
            ) : (
              <Table columns={["Method", "Minimum", "Maximum"]}>
                {taking.map((method) => {
                  const limits = method.currencies.find((item) => item.currency === code)!;
                  return (
                    <tr key={method.id}>
                      <th scope="row">
                        <Link to={`/payments/methods/${method.id}`}>{methodName(method)}</Link>
                      </th>
                      <td>
                        {limits.amountMin} {code}
                      </td>
                      <td>
                        {limits.amountMax} {code}
                      </td>
                    </tr>
                  );
                })}
              </Table>
            )}
            {addable.length > 0 && (
              <ActionForm
                label={`Add ${currency.code} to a method`}
                titled
                submit={`Add ${currency.code}`}
                action={async (form) => {
                  const method = addable.find((item) => item.id === text(form, "method"))!;
                  await desk.api.send(
                    "PUT",
                    `/payment-methods/${method.id}/currencies/${code}`,
                    limitsOf(form),
                  );
                  methods.reload();
                  return `${methodName(method)} takes ${code} now.`;
                }}
              >
                <Field label="Method" name="method">
                  {addable.map((method) => (
                    <option key={method.id} value={method.id}>
                      {methodName(method)}
                    </option>
                  ))}
                </Field>
                <MethodLimitFields code={code} />
              </ActionForm>
            )}
          </>
        )}
      </section>
    </>
  );
}
