// A payment method's page (/payments/methods/{id}): its switch, how it shows and where (title,
// logo, countries, order), and each of its currencies' limits and preset amounts, in major
// units. Changes apply to the next methods list and the next invoice; invoices already made go on.
import type { OperatorPaymentMethod } from "@casino/contract/operator";
import { type Desk, NotFound } from "./app";
import { decimal } from "./payments-forms";
import {
  ActionForm,
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
  // The API has no single-method read: the list is small and read fresh.
  const methods = useLoad(
    () => desk.api.get<{ data: OperatorPaymentMethod[] }>("/payment-methods"),
    [],
  );
  const method = methods.data?.data.find((item) => item.id === id);
  usePageTitle(method ? method.title : "Payment method");
  if (!methods.data) return <Loading error={methods.error} />;
  if (!method) return <NotFound />;
  const url = `/payment-methods/${method.id}`;
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
        done={methods.reload}
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
            methods.reload();
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
          Amounts in units of each currency (not cents). Which currencies a method takes follows the
          processor's integration.
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
                done={methods.reload}
              />
            ))}
          </>
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
  const { item } = props;
  const code = item.currency;
  const preset = item.presets.find((each) => each.default);
  return (
    <ActionForm
      label={`Limits in ${code}`}
      titled
      submit={`Save ${code}`}
      action={async (form) => {
        const amounts = text(form, "presets")
          .split(/[\s,;]+/)
          .filter(Boolean);
        const chosen = text(form, "default");
        if (chosen && !amounts.some((amount) => decimal(amount) === decimal(chosen))) {
          throw new Error("The default preset must be one of the preset amounts");
        }
        await props.desk.api.send("PUT", props.url, {
          amountMin: text(form, "amountMin"),
          amountMax: text(form, "amountMax"),
          presets: amounts.map((amount) => ({
            amount,
            default: chosen !== "" && decimal(amount) === decimal(chosen),
          })),
        });
        props.done();
        return `Saved the limits in ${code}.`;
      }}
    >
      <Field label={`Minimum (${code})`} name="amountMin" defaultValue={item.amountMin} />
      <Field label={`Maximum (${code})`} name="amountMax" defaultValue={item.amountMax} />
      <Field
        label={`Preset amounts (${code}, separated by commas)`}
        name="presets"
        required={false}
        defaultValue={item.presets.map((each) => each.amount).join(", ")}
      />
      <Field
        label={`Default preset (${code}, optional)`}
        name="default"
        required={false}
        defaultValue={preset?.amount ?? ""}
      />
    </ActionForm>
  );
}
