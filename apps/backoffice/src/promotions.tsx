// Promotions: bonus definitions with their switch, and bonus codes (create, switch off). The
// definitions' conditions are edited through the API (README "Operator API"); here the daily
// work: what is on, which codes run and how often they were used.
import type { OperatorBonus, OperatorBonusCode } from "@casino/contract/operator";
import { useRef } from "react";
import { type Desk, NotFound } from "./app";
import { ActionForm, Field, Loading, Switch, Table, text, useLoad, usePageTitle, when } from "./ui";

const KIND = { deposit: "At deposit", code: "By code", reward: "As a reward" } as const;
const TYPE = { 1: "Cash", 2: "Percent of deposit", 3: "Free spins" } as const;

export function PromotionsDesk({ desk, rest }: { desk: Desk; rest: string }) {
  if (rest !== "") return <NotFound />;
  return <PromotionsPage desk={desk} />;
}

function PromotionsPage({ desk }: { desk: Desk }) {
  const bonuses = useLoad(() => desk.api.get<{ data: OperatorBonus[] }>("/bonuses"), []);
  const codes = useLoad(() => desk.api.get<{ data: OperatorBonusCode[] }>("/bonus-codes"), []);
  const codeKey = useRef(crypto.randomUUID());
  usePageTitle("Promotions");
  return (
    <>
      <h1>Promotions</h1>
      <section aria-labelledby="bonus-definitions">
        <h2 id="bonus-definitions">Bonuses</h2>
        {!bonuses.data ? (
          <Loading error={bonuses.error} />
        ) : (
          <Table columns={["Bonus", "Kind", "Type", "Wager", "Notes", "Switch"]}>
            {bonuses.data.data.map((bonus) => (
              <tr key={bonus.id}>
                <th scope="row">
                  {bonus.name} <code>{bonus.slug}</code>
                </th>
                <td>{KIND[bonus.kind as keyof typeof KIND] ?? bonus.kind}</td>
                <td>{TYPE[bonus.type as keyof typeof TYPE] ?? bonus.type}</td>
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

      <section aria-labelledby="bonus-codes">
        <h2 id="bonus-codes">Bonus codes</h2>
        <ActionForm
          label="New bonus code"
          titled
          submit="Create code"
          action={async (form) => {
            const maxUses = text(form, "maxUses");
            const { data } = await desk.api.send<{ data: OperatorBonusCode }>(
              "POST",
              "/bonus-codes",
              {
                key: codeKey.current,
                code: text(form, "code"),
                bonusId: Number(text(form, "bonusId")),
                trigger: Number(text(form, "trigger")),
                ...(maxUses ? { maxUses: Number(maxUses) } : {}),
              },
            );
            codeKey.current = crypto.randomUUID();
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
        </ActionForm>
        {!codes.data ? (
          <Loading error={codes.error} />
        ) : (
          <Table columns={["Code", "Bonus", "Used", "Window", "Switch"]}>
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
              </tr>
            ))}
          </Table>
        )}
      </section>
    </>
  );
}
