// Tournaments on the Engagement desk: the list with each one's state, a new tournament (window,
// scoring, games, minimum bet, currency, prizes), and a page per tournament that changes what
// the API lets change once it exists: text, image, order, switch, and its window moved ahead.
import type {
  CreateTournamentBody,
  OperatorTournament,
  OperatorTournamentDetail,
  PatchOperatorTournamentBody,
  TournamentDetail,
  TournamentProduct,
  TournamentScoring,
} from "@casino/contract/tournament";
import { type Desk, NotFound } from "./app";
import {
  BonusField,
  integerOf,
  minuteOf,
  RowGroup,
  useBonuses,
  useRows,
  When,
} from "./engagement-parts";
import { readOne } from "./one";
import { navigate } from "./router";
import {
  ActionForm,
  Check,
  Choice,
  CurrencyField,
  changes,
  checked,
  Field,
  instantOf,
  Link,
  Loading,
  listOf,
  Switch,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

type Prize = CreateTournamentBody["prizes"][number];

export const SCORING: Record<TournamentScoring, string> = {
  bet_sum: "Most wagered",
  win_sum: "Most won",
  max_multiplier: "Best multiplier (win / stake)",
};
const PRODUCT: Record<TournamentProduct, string> = {
  all: "Casino and sports bets",
  casino: "Casino only",
  sport: "Sports bets only",
};
const STATE: Record<OperatorTournament["state"], string> = {
  upcoming: "Upcoming",
  running: "Running",
  ended: "Ended, prizes not paid yet",
  completed: "Completed, prizes paid",
};
const PRIZE_TYPES: Record<Prize["type"], string> = {
  cash: "Cash",
  bonus: "Bonus",
  freespins: "Free spins",
};

const tournamentsUrl = "/tournaments";
const loadTournaments = (desk: Desk) =>
  desk.api.get<{ data: OperatorTournament[] }>(tournamentsUrl);

/** The tournaments section of the desk's page. */
export function TournamentList({ desk }: { desk: Desk }) {
  const tournaments = useLoad(() => loadTournaments(desk), []);
  return (
    <section aria-labelledby="tournaments">
      <h2 id="tournaments">Tournaments</h2>
      <p>
        <Link to="/engagement/tournaments/new">New tournament</Link>
      </p>
      {!tournaments.data ? (
        <Loading error={tournaments.error} />
      ) : tournaments.data.data.length === 0 ? (
        <p>No tournaments.</p>
      ) : (
        <Table
          caption="Newest window first"
          columns={["Tournament", "State", "Window", "Currency", "Scoring", "Players", "Switch"]}
        >
          {tournaments.data.data.map((tournament) => (
            <tr key={tournament.id}>
              <th scope="row">
                <Link to={`/engagement/tournaments/${tournament.id}`}>{tournament.title}</Link>{" "}
                <code>{tournament.identity}</code>
              </th>
              <td>{STATE[tournament.state]}</td>
              <td>
                {when(tournament.startsAt)} – {when(tournament.endsAt)}
              </td>
              <td>{tournament.currency}</td>
              <td>{SCORING[tournament.scoring]}</td>
              <td>{tournament.participants}</td>
              <td>
                <Switch
                  desk={desk}
                  name={tournament.title}
                  on={tournament.isEnabled}
                  url={`${tournamentsUrl}/${tournament.id}`}
                  done={tournaments.reload}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

const NEW_PRIZE: Prize = {
  placeFrom: 1,
  placeTo: 1,
  type: "cash",
  title: "",
  reward: {},
};

/** /engagement/tournaments/new: every field of a tournament; most are fixed once it exists. */
export function NewTournamentPage({ desk }: { desk: Desk }) {
  usePageTitle("New tournament");
  const bonuses = useBonuses(desk);
  const prizes = useRows<Prize>([NEW_PRIZE]);
  const once = useOnceKey();
  if (!bonuses.data) return <Loading error={bonuses.error} />;
  return (
    <>
      <p>
        <Link to="/engagement">Engagement</Link>
      </p>
      <h1>New tournament</h1>
      <p className="hint">
        Scoring, currency, games, the minimum bet and prizes are fixed once the tournament exists.
      </p>
      <ActionForm
        label="New tournament"
        submit="Create tournament"
        action={async (form) => {
          const image = text(form, "image");
          const body: CreateTournamentBody = {
            key: once.current(),
            identity: text(form, "identity"),
            title: text(form, "title"),
            description: text(form, "description"),
            image: image || null,
            scoring: text(form, "scoring") as TournamentScoring,
            currency: text(form, "currency").toUpperCase(),
            convertsCurrencies: checked(form, "convertsCurrencies"),
            product: text(form, "product") as TournamentProduct,
            minBet: text(form, "minBet") || "0",
            games: listOf(text(form, "games")),
            providers: listOf(text(form, "providers")),
            collections: listOf(text(form, "collections")),
            startsAt: instantOf(text(form, "startsAt")) ?? "",
            endsAt: instantOf(text(form, "endsAt")) ?? "",
            leaderboardSize: integerOf(text(form, "leaderboardSize"), "Leaderboard size") ?? 20,
            prizes: prizes.rows.map(({ key, value }) => {
              const at = (name: string) => text(form, `prize-${key}-${name}`);
              const amount = at("amount");
              return {
                placeFrom: integerOf(at("placeFrom"), "Places from") ?? 1,
                placeTo: integerOf(at("placeTo"), "Places to") ?? 1,
                type: value.type,
                ...(value.type === "cash" && amount ? { amount } : {}),
                title: at("title"),
                reward: value.type === "cash" ? {} : { bonus: at("bonus") },
              };
            }),
          };
          const { data } = await desk.api.send<{ data: TournamentDetail }>(
            "POST",
            tournamentsUrl,
            body,
          );
          once.next();
          navigate(`/engagement/tournaments/${data.id}`);
          return `Created ${data.title}.`;
        }}
      >
        <div className="row">
          <Field label="Identity (a-z, 0-9 and -; in its address)" name="identity" />
          <Field label="Title" name="title" />
          <Field label="Image (path or URL, optional)" name="image" required={false} />
        </div>
        <Field label="Description" name="description" type="textarea" required={false} />
        <fieldset className="card">
          <legend>Rules</legend>
          <div className="row">
            <Field label="Scoring" name="scoring">
              {Object.entries(SCORING).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Field>
            <CurrencyField desk={desk} defaultValue="EUR" />
            <Field
              label="Smallest bet that counts (in the currency)"
              name="minBet"
              required={false}
              defaultValue="0"
            />
            <Field
              label="Leaderboard size"
              name="leaderboardSize"
              type="number"
              defaultValue="20"
            />
          </div>
          <Check
            label="Bets in other currencies count too (converted)"
            name="convertsCurrencies"
            defaultChecked={false}
          />
          <div className="row">
            <Field label="Bets that count" name="product" defaultValue="all">
              {Object.entries(PRODUCT).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Field>
            <Field label="Games (slugs)" name="games" required={false} />
            <Field label="Providers (slugs)" name="providers" required={false} />
            <Field label="Collections (slugs)" name="collections" required={false} />
          </div>
          <p className="hint">No games, providers or collections: every game counts.</p>
        </fieldset>
        <fieldset className="card">
          <legend>Window</legend>
          <div className="row">
            <When label="Starts" name="startsAt" value={null} required />
            <When label="Ends" name="endsAt" value={null} required />
          </div>
        </fieldset>
        <fieldset className="card">
          <legend>Prizes</legend>
          {prizes.rows.length === 0 && <p>No prizes.</p>}
          {prizes.rows.map(({ key, value }, index) => (
            <RowGroup key={key} legend={`Prize ${index + 1}`} onRemove={() => prizes.remove(key)}>
              <Field
                label="Places from"
                name={`prize-${key}-placeFrom`}
                type="number"
                defaultValue={String(value.placeFrom)}
              />
              <Field
                label="Places to"
                name={`prize-${key}-placeTo`}
                type="number"
                defaultValue={String(value.placeTo)}
              />
              <Choice
                label="Prize type"
                name={`prize-${key}-type`}
                value={value.type}
                options={PRIZE_TYPES}
                onChange={(type) => prizes.update(key, { ...value, type })}
              />
              {value.type === "cash" ? (
                <Field label="Amount (in the currency)" name={`prize-${key}-amount`} />
              ) : (
                <BonusField
                  key={value.type}
                  label={value.type === "freespins" ? "Free-spins bonus" : "Bonus"}
                  name={`prize-${key}-bonus`}
                  bonuses={bonuses.data?.data ?? []}
                  freeSpins={value.type === "freespins"}
                  value={null}
                />
              )}
              <Field
                label={value.type === "cash" ? "Title (optional)" : "Title (players read it)"}
                name={`prize-${key}-title`}
                required={value.type !== "cash"}
              />
            </RowGroup>
          ))}
          <button
            type="button"
            onClick={() => {
              const last = prizes.rows.at(-1)?.value.placeTo ?? 0;
              prizes.add({ ...NEW_PRIZE, placeFrom: last + 1, placeTo: last + 1 });
            }}
          >
            Add prize
          </button>
        </fieldset>
      </ActionForm>
    </>
  );
}

type Editable = Required<Omit<PatchOperatorTournamentBody, "isEnabled">>;

/** /engagement/tournaments/{id}: the state, the switch, and what may still change. */
export function TournamentPage({ desk, id }: { desk: Desk; id: string }) {
  const tournaments = useLoad(
    () => readOne<OperatorTournamentDetail>(desk.api, `${tournamentsUrl}/${id}`),
    [id],
  );
  const tournament = tournaments.data;
  usePageTitle(tournament?.title ?? "Tournament");
  if (tournaments.data === undefined) return <Loading error={tournaments.error} />;
  if (!tournament) return <NotFound />;
  const t = tournament;
  const rules = t.rules;
  const named = (items: { name?: string; title?: string; slug: string }[], none: string) =>
    items.length === 0
      ? none
      : items.map((item) => item.title ?? item.name ?? item.slug).join(", ");
  const startFixed = t.state !== "upcoming";
  const endFixed = t.state === "completed";
  const current: Editable = {
    title: t.title,
    description: t.description,
    image: t.image,
    position: t.position,
    startsAt: minuteOf(t.startsAt) ?? "",
    endsAt: minuteOf(t.endsAt) ?? "",
  };
  return (
    <>
      <p>
        <Link to="/engagement">Engagement</Link>
      </p>
      <h1>{t.title}</h1>
      <dl className="facts">
        <dt>State</dt>
        <dd>{STATE[t.state]}</dd>
        <dt>Identity</dt>
        <dd>
          <code>{t.identity}</code>
        </dd>
        <dt>Shown to players</dt>
        <dd>{t.isEnabled ? "Yes" : "No: switched off, and bets do not score"}</dd>
        <dt>Window</dt>
        <dd>
          {when(t.startsAt)} – {when(t.endsAt)}
        </dd>
        <dt>Scoring</dt>
        <dd>{SCORING[t.scoring]}</dd>
        <dt>Currency</dt>
        <dd>{t.currency}</dd>
        <dt>Players joined</dt>
        <dd>{t.participants}</dd>
        <dt>Prizes paid</dt>
        <dd>{when(t.completedAt)}</dd>
        <dt>Minimum bet</dt>
        <dd>
          {rules.minBet} {t.currency}
        </dd>
        <dt>Bets that count</dt>
        <dd>{PRODUCT[rules.product]}</dd>
        <dt>Other currencies</dt>
        <dd>
          {rules.convertsCurrencies ? "Count, converted at the site's rates" : "Do not count"}
        </dd>
        <dt>Games</dt>
        <dd>
          {rules.games.length + rules.providers.length + rules.collections.length === 0
            ? "Every game"
            : [
                named(rules.games, ""),
                rules.providers.length > 0 ? `providers: ${named(rules.providers, "")}` : "",
                rules.collections.length > 0 ? `collections: ${named(rules.collections, "")}` : "",
              ]
                .filter(Boolean)
                .join("; ")}
        </dd>
        <dt>Leaderboard size</dt>
        <dd>{t.leaderboardSize}</dd>
      </dl>
      <Table caption="Prizes" columns={["Places", "Prize"]}>
        {t.prizes.map((prize) => (
          <tr key={prize.placeFrom}>
            <th scope="row">
              {prize.placeFrom === prize.placeTo
                ? prize.placeFrom
                : `${prize.placeFrom}–${prize.placeTo}`}
            </th>
            <td>{prize.title}</td>
          </tr>
        ))}
      </Table>
      <Table caption="Leaderboard, as it stands" columns={["Place", "Player", "Score", "Bets"]}>
        {t.leaderboard.map((entry) => (
          <tr key={entry.entryId}>
            <th scope="row">{entry.place}</th>
            <td>{entry.nickname}</td>
            <td>{entry.score}</td>
            <td>{entry.bets}</td>
          </tr>
        ))}
      </Table>
      <Switch
        desk={desk}
        name={t.title}
        on={t.isEnabled}
        url={`${tournamentsUrl}/${t.id}`}
        done={tournaments.reload}
      />
      <section aria-labelledby="tournament-settings">
        <h2 id="tournament-settings">Settings</h2>
        <p className="hint">
          Scoring, currency, games, the minimum bet and prizes stay as defined: for others, create a
          new tournament. The start moves only before it starts, the end until the prizes are paid,
          each to a time ahead.
        </p>
        <ActionForm
          label="Edit tournament"
          submit="Save tournament"
          action={async (form) => {
            const image = text(form, "image");
            const next: Editable = {
              title: text(form, "title"),
              description: text(form, "description"),
              image: image || null,
              position: integerOf(text(form, "position"), "Order") ?? 0,
              startsAt: startFixed ? current.startsAt : (instantOf(text(form, "startsAt")) ?? ""),
              endsAt: endFixed ? current.endsAt : (instantOf(text(form, "endsAt")) ?? ""),
            };
            const patch = changes(current, next);
            if (Object.keys(patch).length === 0) return "Nothing changed.";
            await desk.api.send("PATCH", `${tournamentsUrl}/${t.id}`, patch);
            tournaments.reload();
            return `Saved ${next.title}.`;
          }}
        >
          <div className="row">
            <Field label="Title" name="title" defaultValue={t.title} />
            <Field
              label="Order (lower first)"
              name="position"
              type="number"
              defaultValue={String(t.position)}
            />
            <Field
              label="Image (path or URL, optional)"
              name="image"
              required={false}
              defaultValue={t.image ?? ""}
            />
          </div>
          <Field
            label="Description"
            name="description"
            type="textarea"
            required={false}
            defaultValue={t.description}
          />
          <div className="row">
            {startFixed ? (
              <p>Starts {when(t.startsAt)} (started: fixed)</p>
            ) : (
              <When label="Starts" name="startsAt" value={t.startsAt} required />
            )}
            {endFixed ? (
              <p>Ended {when(t.endsAt)} (completed: fixed)</p>
            ) : (
              <When label="Ends" name="endsAt" value={t.endsAt} required />
            )}
          </div>
        </ActionForm>
      </section>
    </>
  );
}
