// Bonus packages on the Promotions desk: deposit bonuses offered one step after another (the
// welcome package). The list with a new package, and a package's page (/promotions/packages/{id})
// to rename it, switch it, and set its steps in order.
import type { OperatorBonus, OperatorBonusPackage } from "@casino/contract/operator";
import { useState } from "react";
import { type Desk, NotFound } from "./app";
import { readOne } from "./one";
import { Warnings } from "./promotions-bonus";
import {
  ActionForm,
  Check,
  checked,
  Field,
  Link,
  Loading,
  Switch,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

type Packages = { data: OperatorBonusPackage[] };

/** The packages section of the desk's page. */
export function PackagesSection({ desk }: { desk: Desk }) {
  const packages = useLoad(() => desk.api.get<Packages>("/bonus-packages"), []);
  const once = useOnceKey();
  return (
    <section aria-labelledby="bonus-packages">
      <h2 id="bonus-packages">Bonus packages</h2>
      {!packages.data ? (
        <Loading error={packages.error} />
      ) : packages.data.data.length === 0 ? (
        <p>No bonus packages.</p>
      ) : (
        <Table columns={["Package", "Steps", "Players", "Notes", "Switch"]}>
          {packages.data.data.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <Link to={`/promotions/packages/${item.id}`}>{item.name}</Link>
              </th>
              <td>{item.steps.map((step) => step.name).join(" → ") || "—"}</td>
              <td>{item.players}</td>
              <td>{item.warnings.join(" ") || "—"}</td>
              <td>
                <Switch
                  desk={desk}
                  name={item.name}
                  on={item.isEnabled}
                  url={`/bonus-packages/${item.id}`}
                  done={packages.reload}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ActionForm
        label="New bonus package"
        titled
        submit="Create package"
        action={async (form) => {
          const steps = text(form, "steps")
            .split(/[\s,]+/)
            .filter(Boolean);
          const { data } = await desk.api.send<{ data: OperatorBonusPackage }>(
            "POST",
            "/bonus-packages",
            {
              key: once.current(),
              slug: text(form, "slug"),
              name: text(form, "name"),
              isEnabled: checked(form, "isEnabled"),
              steps,
            },
          );
          once.next();
          packages.reload();
          return `Created ${data.name} with ${data.steps.length} step${data.steps.length === 1 ? "" : "s"}.`;
        }}
      >
        <Field label="Slug (a-z, 0-9 and -)" name="slug" />
        <Field label="Name" name="name" />
        <Field
          label="Steps: deposit bonus slugs in order (optional)"
          name="steps"
          required={false}
        />
        <Check name="isEnabled" label="Switched on" defaultChecked />
      </ActionForm>
    </section>
  );
}

/** /promotions/packages/{id}. */
export function PackagePage({ desk, id }: { desk: Desk; id: number }) {
  const loaded = useLoad(
    () => readOne<OperatorBonusPackage>(desk.api, `/bonus-packages/${id}`),
    [id],
  );
  // Every bonus: the steps' names and the deposit bonuses that may become steps.
  const bonuses = useLoad(() => desk.api.get<{ data: OperatorBonus[] }>("/bonuses"), [id]);
  const item = loaded.data;
  usePageTitle(item?.name ?? "Bonus package");
  if (item === undefined) return <Loading error={loaded.error} />;
  if (item === null) return <NotFound />;
  return (
    <>
      <p>
        <Link to="/promotions">Promotions</Link>
      </p>
      <h1>{item.name}</h1>
      <dl className="facts">
        <dt>Slug</dt>
        <dd>
          <code>{item.slug}</code>
        </dd>
        <dt>State</dt>
        <dd>{item.isEnabled ? "On" : "Off: none of its steps is offered"}</dd>
        <dt>Players who started it</dt>
        <dd>{item.players}</dd>
        <dt>Changed</dt>
        <dd>{when(item.updatedAt)}</dd>
      </dl>
      <Switch
        desk={desk}
        name={item.name}
        on={item.isEnabled}
        url={`/bonus-packages/${item.id}`}
        done={loaded.reload}
      />
      <Warnings warnings={item.warnings} />
      <ActionForm
        label="Rename the package"
        titled
        submit="Rename"
        action={async (form) => {
          await desk.api.send("PATCH", `/bonus-packages/${item.id}`, { name: text(form, "name") });
          loaded.reload();
          return "Renamed.";
        }}
      >
        <Field label="Name" name="name" defaultValue={item.name} />
      </ActionForm>
      <section aria-labelledby="steps">
        <h2 id="steps">Steps</h2>
        <p className="hint">
          A player is offered step N once issued steps 1 to N−1.
          {item.players > 0 &&
            " Players have started this package: its steps stay as they are, in their order; new ones may follow them."}
        </p>
        {!bonuses.data ? (
          <Loading error={bonuses.error} />
        ) : (
          <Steps
            desk={desk}
            item={item}
            bonuses={bonuses.data.data}
            done={() => {
              loaded.reload();
              bonuses.reload();
            }}
          />
        )}
      </section>
    </>
  );
}

function Steps(props: {
  desk: Desk;
  item: OperatorBonusPackage;
  bonuses: OperatorBonus[];
  done: () => void;
}) {
  const { item } = props;
  const [steps, setSteps] = useState(() => item.steps.map((step) => step.slug));
  const [adding, setAdding] = useState("");
  const named = new Map(props.bonuses.map((bonus) => [bonus.slug, bonus]));
  // Deposit bonuses in no other package, not yet a step.
  const candidates = props.bonuses.filter(
    (bonus) =>
      bonus.kind === "deposit" &&
      (bonus.packageId === null || bonus.packageId === item.id) &&
      !steps.includes(bonus.slug),
  );
  const move = (from: number, to: number) => {
    const next = [...steps];
    const [slug] = next.splice(from, 1);
    next.splice(to, 0, slug!);
    setSteps(next);
  };
  const choice = adding || candidates[0]?.slug || "";
  return (
    <ActionForm
      label={`Steps of ${item.name}`}
      submit="Save steps"
      action={async () => {
        const { data } = await props.desk.api.send<{ data: OperatorBonusPackage }>(
          "PUT",
          `/bonus-packages/${item.id}/steps`,
          { steps },
        );
        props.done();
        return `Saved ${data.steps.length} step${data.steps.length === 1 ? "" : "s"}.`;
      }}
    >
      {steps.length === 0 ? (
        <p className="wide">No steps.</p>
      ) : (
        <ol className="wide">
          {steps.map((slug, index) => {
            const bonus = named.get(slug);
            const name = bonus?.name ?? slug;
            return (
              <li key={slug}>
                {bonus ? <Link to={`/promotions/bonuses/${bonus.id}`}>{name}</Link> : name}
                {bonus && !bonus.isEnabled && " (switched off)"}{" "}
                <span className="decide">
                  <button
                    type="button"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${name} down`}
                    disabled={index === steps.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    aria-label={`Take ${name} out`}
                    onClick={() => setSteps(steps.filter((other) => other !== slug))}
                  >
                    Take out
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {candidates.length > 0 && (
        <div className="row">
          <label className="field">
            <span>Deposit bonus to add</span>
            <select value={choice} onChange={(event) => setAdding(event.target.value)}>
              {candidates.map((bonus) => (
                <option key={bonus.id} value={bonus.slug}>
                  {bonus.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            onClick={() => {
              if (choice) setSteps([...steps, choice]);
              setAdding("");
            }}
          >
            Add step
          </button>
        </div>
      )}
    </ActionForm>
  );
}
