// A payment method's page (/payments/methods/{id}): its switch, how it shows and where (title,
// logo, countries, order), and its currencies: each one's limits and preset amounts in major
// units, a currency added (when the processor takes it) or no longer taken. Changes apply to the
// next methods list and the next invoice; invoices already made go on.
import type { OperatorCurrency, OperatorPaymentMethod } from "@casino/contract/operator";
import { useState } from "react";
import { type Desk, NotFound } from "./app";
import { readOne } from "./one";
import { limitsOf, MethodLimitFields } from "./payments-forms";
import {
  ActionForm,
  Choice,
  changes,
  codeList,
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

type MethodCurrency = OperatorPaymentMethod["currencies"][number];

export const countriesOf = (method: OperatorPaymentMethod) =>
  method.countries === null ? "Every country" : method.countries.join(", ");

/** The switch's name: titles repeat across the two directions ("Bank transfer"). */
export const methodName = (method: OperatorPaymentMethod) =>
  `${method.title} (${method.direction})`;

export function MethodPage({ desk, id }: { desk: Desk; id: string }) {
  const loaded = useLoad(
    () => readOne<OperatorPaymentMethod>(desk.api, `/payment-methods/${id}`),
    [id],
  );
  const currencies = useLoad(() => desk.api.get<{ data: OperatorCurrency[] }>("/currencies"), []);
  const method = loaded.data;
  usePageTitle(method ? method.title : "Payment method");
  if (method === undefined) return <Loading error={loaded.error} />;
  if (method === null) return <NotFound />;
  const url = `/payment-methods/${method.id}`;
  const addable = currencies.data?.data.filter(
    (currency) => !method.currencies.some((item) => item.currency === currency.code),
  );
  return (
    <>
      <p>
        <Link to="/payments">All currencies and methods</Link>
      </p>
      <h1>{method.title}</h1>
      <dl className="facts">
        <dt>Direction</dt>
        <dd>{method.direction}</dd>
        <dt>Code</dt>
        <dd>
          <code>{method.method}</code>
        </dd>
        <dt>Processor</dt>
        <dd>{method.processor}</dd>
        <dt>Processing</dt>
        <dd>
          {method.type}, {method.processingType}
        </dd>
        <dt>Form fields</dt>
        <dd>{method.fields.join(", ") || "—"}</dd>
        <dt>Logo</dt>
        <dd>{method.logo ?? "—"}</dd>
        <dt>Countries</dt>
        <dd>{countriesOf(method)}</dd>
        <dt>Never in</dt>
        <dd>{method.excludedCountries.join(", ") || "—"}</dd>
        <dt>Order</dt>
        <dd>{method.position}</dd>
        <dt>Offered</dt>
        <dd>{method.isEnabled ? "Yes" : "No (invoices already made go on)"}</dd>
        <dt>Last changed</dt>
        <dd>{when(method.updatedAt)}</dd>
      </dl>
      <Switch
        desk={desk}
        name={methodName(method)}
        on={method.isEnabled}
        url={url}
        done={loaded.reload}
      />

      <section aria-labelledby="method-settings">
        <h2 id="method-settings">How and where it shows</h2>
        <ActionForm
          label={`Edit ${method.title}`}
          submit="Save method"
          action={async (form) => {
            const only = codeList(text(form, "countries"));
            const patch = changes(method, {
              title: text(form, "title"),
              logo: text(form, "logo") || null,
              countries: only.length > 0 ? only : null,
              excludedCountries: codeList(text(form, "excludedCountries")),
              position: Number(text(form, "position")),
            });
            if (Object.keys(patch).length === 0) return "Nothing changed.";
            await desk.api.send("PATCH", url, patch);
            loaded.reload();
            return `Saved ${method.title}.`;
          }}
        >
          <Field label="Title" name="title" defaultValue={method.title} />
          <Field
            label="Logo (a path from / or an http(s) URL; empty: none)"
            name="logo"
            required={false}
            defaultValue={method.logo ?? ""}
          />
          <Field
            label="Only in these countries (codes like DE, AT; empty: every country)"
            name="countries"
            required={false}
            defaultValue={method.countries?.join(", ") ?? ""}
          />
          <Field
            label="Never in these countries (codes)"
            name="excludedCountries"
            required={false}
            defaultValue={method.excludedCountries.join(", ")}
          />
          <Field
            label="Order (lower first)"
            name="position"
            type="number"
            defaultValue={String(method.position)}
          />
        </ActionForm>
      </section>

      <section aria-labelledby="method-currencies">
        <h2 id="method-currencies">Currencies</h2>
        <p className="hint">
          Amounts in units of each currency (not cents). A method takes a new currency when its
          processor does; an address method's currencies are its networks' coins.
        </p>
        {method.currencies.length === 0 ? (
          <p>This method takes no currency yet.</p>
        ) : (
          <>
            <Table columns={["Currency", "Minimum", "Maximum", "Preset amounts"]}>
              {method.currencies.map((item) => (
                <tr key={item.currency}>
                  <th scope="row">{item.currency}</th>
                  <td>
                    {item.amountMin} {item.currency}
                  </td>
                  <td>
                    {item.amountMax} {item.currency}
                  </td>
                  <td>
                    {item.presets
                      .map((preset) => `${preset.amount}${preset.default ? " (default)" : ""}`)
                      .join(", ") || "—"}
                  </td>
                </tr>
              ))}
            </Table>
            {method.currencies.map((item) => (
              <CurrencyLimits
                key={item.currency}
                desk={desk}
                url={`${url}/currencies/${item.currency}`}
                item={item}
                done={loaded.reload}
              />
            ))}
          </>
        )}
        {method.type === "form" && addable && addable.length > 0 && (
          <AddCurrency desk={desk} url={url} currencies={addable} done={loaded.reload} />
        )}
      </section>
    </>
  );
}

function CurrencyLimits(props: {
  desk: Desk;
  url: string;
  item: MethodCurrency;
  done: () => void;
}) {
  const code = props.item.currency;
  return (
    <div className="row">
      <ActionForm
        label={`Limits in ${code}`}
        titled
        submit={`Save ${code}`}
        action={async (form) => {
          await props.desk.api.send("PUT", props.url, limitsOf(form));
          props.done();
          return `Saved the limits in ${code}.`;
        }}
      >
        <MethodLimitFields code={code} item={props.item} />
      </ActionForm>
      <ActionForm
        label={`Stop taking ${code}`}
        submit={`Stop taking ${code}`}
        action={async () => {
          await props.desk.api.send("DELETE", props.url);
          props.done();
          return `No longer takes ${code}; invoices already made in it go on.`;
        }}
      />
    </div>
  );
}

function AddCurrency(props: {
  desk: Desk;
  url: string;
  currencies: OperatorCurrency[];
  done: () => void;
}) {
  const [code, setCode] = useState(props.currencies[0]!.code);
  return (
    <ActionForm
      label="Add a currency"
      titled
      submit="Add currency"
      action={async (form) => {
        await props.desk.api.send("PUT", `${props.url}/currencies/${code}`, limitsOf(form));
        props.done();
        return `Takes ${code} now.`;
      }}
    >
      <Choice
        label="Currency"
        value={code}
        options={Object.fromEntries(
          props.currencies.map((currency) => [
            currency.code,
            `${currency.code}${currency.isEnabled ? "" : " (switched off)"}`,
          ]),
        )}
        onChange={setCode}
      />
      <MethodLimitFields code={code} />
    </ActionForm>
  );
}
