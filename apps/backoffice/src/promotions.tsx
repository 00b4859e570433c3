// Promotions: bonus definitions (list, create, a page per bonus with every condition and its
// game rules), bonus packages and their steps, cashback per currency, and bonus codes (create,
// change, switch off). Everything the operator API takes for bonuses, so no one needs curl.
import type { OperatorBonus, OperatorBonusCode } from "@casino/contract/operator";
import { type Desk, NotFound } from "./app";
import { BonusPage, gives, KIND, NewBonusPage, TYPE } from "./promotions-bonus";
import { CashbackSection } from "./promotions-cashback";
import { GrantRequestsSection } from "./promotions-grants";
import { PackagePage, PackagesSection } from "./promotions-packages";
import {
  ActionForm,
  Field,
  instantOf,
  Link,
  Loading,
  localOf,
  Switch,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

export function PromotionsDesk({ desk, rest }: { desk: Desk; rest: string }) {
  if (rest === "") return <PromotionsPage desk={desk} />;
  if (rest === "/bonuses/new") return <NewBonusPage desk={desk} />;
  const bonus = /^\/bonuses\/(\d{1,9})$/.exec(rest);
  if (bonus) return <BonusPage key={bonus[1]} desk={desk} id={Number(bonus[1])} />;
  const pack = /^\/packages\/(\d{1,9})$/.exec(rest);
  if (pack) return <PackagePage key={pack[1]} desk={desk} id={Number(pack[1])} />;
  return <NotFound />;
}

function PromotionsPage({ desk }: { desk: Desk }) {
  const bonuses = useLoad(() => desk.api.get<{ data: OperatorBonus[] }>("/bonuses"), []);
  const codes = useLoad(() => desk.api.get<{ data: OperatorBonusCode[] }>("/bonus-codes"), []);
  const codeKey = useOnceKey();
  usePageTitle("Promotions");
  return (
    <>
      <h1>Promotions</h1>
      <section aria-labelledby="bonus-definitions">
        <h2 id="bonus-definitions">Bonuses</h2>
        <p>
          <Link to="/promotions/bonuses/new">New bonus</Link>
        </p>
        {!bonuses.data ? (
          <Loading error={bonuses.error} />
        ) : (
          <Table columns={["Bonus", "Kind", "Type", "Gives", "Wager", "Notes", "Switch"]}>
            {bonuses.data.data.map((bonus) => (
              <tr key={bonus.id}>
                <th scope="row">
                  <Link to={`/promotions/bonuses/${bonus.id}`}>{bonus.name}</Link>{" "}
                  <code>{bonus.slug}</code>
                </th>
                <td>{KIND[bonus.kind as keyof typeof KIND] ?? bonus.kind}</td>
                <td>{TYPE[bonus.type as keyof typeof TYPE] ?? bonus.type}</td>
                <td>{gives(bonus)}</td>
                <td>{bonus.wagerMultiplier}×</td>
                <td>{bonus.warnings.join(" ") || "—"}</td>
                <td>
                  <Switch
                    desk={desk}
                    name={bonus.name}
                    on={bonus.isEnabled}
                    url={`/bonuses/${bonus.id}`}
                    done={bonuses.reload}
                  />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <GrantRequestsSection desk={desk} />
      <PackagesSection desk={desk} />
      {/* Once the bonuses are there: the form's bonus choice is set when it first shows. */}
      {bonuses.data && <CashbackSection desk={desk} bonuses={bonuses.data.data} />}

      <section aria-labelledby="bonus-codes">
        <h2 id="bonus-codes">Bonus codes</h2>
        <ActionForm
          label="New bonus code"
          titled
          submit="Create code"
          action={async (form) => {
            const maxUses = text(form, "maxUses");
            const startsAt = instantOf(text(form, "startsAt"));
            const endsAt = instantOf(text(form, "endsAt"));
            const { data } = await desk.api.send<{ data: OperatorBonusCode }>(
              "POST",
              "/bonus-codes",
              {
                key: codeKey.current(),
                code: text(form, "code"),
                bonusId: Number(text(form, "bonusId")),
                trigger: Number(text(form, "trigger")),
                ...(maxUses ? { maxUses: Number(maxUses) } : {}),
                ...(startsAt ? { startsAt } : {}),
                ...(endsAt ? { endsAt } : {}),
              },
            );
            codeKey.next();
            codes.reload();
            return `Created ${data.code}.`;
          }}
        >
          <Field label="Code" name="code" />
          <Field label="Bonus" name="bonusId">
            {(bonuses.data?.data ?? []).map((bonus) => (
              <option key={bonus.id} value={bonus.id}>
                {bonus.name}
              </option>
            ))}
          </Field>
          <Field label="Applies" name="trigger">
            <option value="1">At once</option>
            <option value="3">At the next deposit</option>
          </Field>
          <Field label="Uses at most (optional)" name="maxUses" type="number" required={false} />
          <Field label="From (optional)" name="startsAt" type="datetime-local" required={false} />
          <Field label="Until (optional)" name="endsAt" type="datetime-local" required={false} />
        </ActionForm>
        {!codes.data ? (
          <Loading error={codes.error} />
        ) : (
          <Table columns={["Code", "Bonus", "Used", "Window", "Switch", "Change"]}>
            {codes.data.data.map((code) => (
              <tr key={code.id}>
                <th scope="row">{code.code}</th>
                <td>{code.bonusSlug}</td>
                <td>
                  {code.uses}
                  {code.maxUses === null ? "" : ` of ${code.maxUses}`}
                </td>
                <td>
                  {when(code.startsAt)} – {when(code.endsAt)}
                </td>
                <td>
                  <Switch
                    desk={desk}
                    name={code.code}
                    on={code.isEnabled}
                    url={`/bonus-codes/${code.id}`}
                    done={codes.reload}
                  />
                </td>
                <td>
                  <details>
                    <summary>Change {code.code}</summary>
                    <CodeForm
                      desk={desk}
                      code={code}
                      bonuses={bonuses.data?.data ?? []}
                      done={codes.reload}
                    />
                  </details>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </>
  );
}

/** PATCH /bonus-codes/{id}: its bonus, when it applies, its window and how often it may be used. */
function CodeForm(props: {
  desk: Desk;
  code: OperatorBonusCode;
  bonuses: OperatorBonus[];
  done: () => void;
}) {
  const { code } = props;
  return (
    <ActionForm
      label={`Change ${code.code}`}
      submit="Save code"
      action={async (form) => {
        const maxUses = text(form, "maxUses");
        await props.desk.api.send("PATCH", `/bonus-codes/${code.id}`, {
          bonusId: Number(text(form, "bonusId")),
          trigger: Number(text(form, "trigger")),
          startsAt: instantOf(text(form, "startsAt")),
          endsAt: instantOf(text(form, "endsAt")),
          maxUses: maxUses ? Number(maxUses) : null,
        });
        props.done();
        return `Saved ${code.code}.`;
      }}
    >
      <Field label="Bonus" name="bonusId" defaultValue={String(code.bonusId)}>
        {props.bonuses.map((bonus) => (
          <option key={bonus.id} value={bonus.id}>
            {bonus.name}
          </option>
        ))}
      </Field>
      <Field label="Applies" name="trigger" defaultValue={String(code.trigger)}>
        <option value="1">At once</option>
        <option value="3">At the next deposit</option>
      </Field>
      <Field
        label="Uses at most (empty: no limit)"
        name="maxUses"
        type="number"
        required={false}
        defaultValue={code.maxUses === null ? "" : String(code.maxUses)}
      />
      <Field
        label="From (empty: now)"
        name="startsAt"
        type="datetime-local"
        required={false}
        defaultValue={localOf(code.startsAt)}
      />
      <Field
        label="Until (empty: no end)"
        name="endsAt"
        type="datetime-local"
        required={false}
        defaultValue={localOf(code.endsAt)}
      />
    </ActionForm>
  );
}
