// Game collections (the site's categories and the home page's rails): the list in the site's
// order with their switches, a new one, and a collection's page (/games/collections/{id}): its
// name, position and countries, and its games in order (add one found by title, remove one,
// move one up or down). The site shows a change at once (README "Operator API").
import type { OperatorGame, OperatorGameCollection } from "@casino/contract/operator-games";
import type { PageMeta } from "@casino/contract/pagination";
import { useState } from "react";
import type { Api } from "./api";
import { type Desk, NotFound } from "./app";
import { CountriesField, countriesOf, PositionField, shownList } from "./games-fields";
import { readOne } from "./one";
import {
  ActionForm,
  Check,
  checked,
  describeError,
  Field,
  Link,
  Loading,
  QueryForm,
  Switch,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

type Collections = { data: OperatorGameCollection[] };
type GameList = { data: OperatorGame[]; meta: PageMeta };

/** The Games page's section: every collection in the site's order (position, then id). */
export function CollectionsSection({ desk }: { desk: Desk }) {
  const collections = useLoad(() => desk.api.get<Collections>("/game-collections"), []);
  const key = useOnceKey();
  return (
    <section aria-labelledby="collections">
      <h2 id="collections">Collections</h2>
      {!collections.data ? (
        <Loading error={collections.error} />
      ) : (
        <Table columns={["Collection", "Slug", "Position", "Games", "Restricted in", "Switch"]}>
          {collections.data.data.map((collection) => (
            <tr key={collection.id}>
              <th scope="row">
                <Link to={`/games/collections/${collection.id}`}>{collection.name}</Link>
              </th>
              <td>
                <code>{collection.slug}</code>
              </td>
              <td>{collection.position}</td>
              <td>{collection.games}</td>
              <td>{shownList(collection.restrictedCountries)}</td>
              <td>
                <Switch
                  desk={desk}
                  name={collection.name}
                  on={collection.isEnabled}
                  url={`/game-collections/${collection.id}`}
                  done={collections.reload}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ActionForm
        label="New collection"
        titled
        submit="Create collection"
        action={async (form) => {
          const { data } = await desk.api.send<{ data: OperatorGameCollection }>(
            "POST",
            "/game-collections",
            {
              key: key.current(),
              slug: text(form, "slug"),
              name: text(form, "name"),
              position: Number(text(form, "position")),
              restrictedCountries: countriesOf(form),
              isEnabled: checked(form, "isEnabled"),
            },
          );
          key.next();
          collections.reload();
          return `Created ${data.name}: open it to add games.`;
        }}
      >
        <Field label="Slug (its address: lowercase words joined by dashes)" name="slug" />
        <Field label="Name" name="name" />
        <PositionField label="Position (lower first)" defaultValue={0} />
        <CountriesField />
        <Check label="Switched on" name="isEnabled" defaultChecked />
      </ActionForm>
    </section>
  );
}

/** Every game of a collection, in its order (all pages: the order is put back whole). */
async function gamesOf(api: Api, slug: string): Promise<OperatorGame[]> {
  const games: OperatorGame[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await api.get<GameList>(
      `/games?perPage=100&page=${page}&collection=${slug}`,
    );
    games.push(...data);
    if (page * meta.perPage >= meta.total) break;
  }
  return games;
}

export function CollectionPage({ desk, id }: { desk: Desk; id: number }) {
  const loaded = useLoad(
    () => readOne<OperatorGameCollection>(desk.api, `/game-collections/${id}`),
    [id],
  );
  const collection = loaded.data;
  usePageTitle(collection?.name ?? "Collection");
  if (collection === undefined) return <Loading error={loaded.error} />;
  if (collection === null) return <NotFound />;
  return (
    <>
      <p>
        <Link to="/games">All games and collections</Link>
      </p>
      <h1>{collection.name}</h1>
      <dl className="facts">
        <dt>Slug</dt>
        <dd>
          <code>{collection.slug}</code>
        </dd>
        <dt>Switch</dt>
        <dd>{collection.isEnabled ? "On" : "Off: the site does not show it"}</dd>
        <dt>Changed</dt>
        <dd>{when(collection.updatedAt)}</dd>
      </dl>
      <Switch
        desk={desk}
        name={collection.name}
        on={collection.isEnabled}
        url={`/game-collections/${collection.id}`}
        done={loaded.reload}
      />
      <CollectionGames desk={desk} collection={collection} changed={loaded.reload} />
      <section aria-labelledby="edit-collection">
        <h2 id="edit-collection">Edit</h2>
        <ActionForm
          label="Edit collection"
          submit="Save collection"
          action={async (form) => {
            const { data } = await desk.api.send<{ data: OperatorGameCollection }>(
              "PATCH",
              `/game-collections/${collection.id}`,
              {
                name: text(form, "name"),
                position: Number(text(form, "position")),
                restrictedCountries: countriesOf(form),
              },
            );
            loaded.reload();
            return `Saved ${data.name}.`;
          }}
        >
          <Field label="Name" name="name" defaultValue={collection.name} />
          <PositionField
            label="Position among the collections (lower first)"
            defaultValue={collection.position}
          />
          <CountriesField defaultValue={collection.restrictedCountries} />
        </ActionForm>
      </section>
    </>
  );
}

function CollectionGames(props: {
  desk: Desk;
  collection: OperatorGameCollection;
  changed: () => void;
}) {
  const { desk, collection } = props;
  const games = useLoad(() => gamesOf(desk.api, collection.slug), [collection.slug]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [query, setQuery] = useState("");
  const found = useLoad(
    async () => (query ? (await desk.api.get<GameList>(`/games?perPage=20${query}`)).data : null),
    [query],
  );

  /** Puts the collection's games in this order; `done` is what the operator reads after. */
  async function put(order: readonly OperatorGame[], done: string) {
    setBusy(true);
    setResult(null);
    try {
      await desk.api.send("PUT", `/game-collections/${collection.id}/games`, {
        games: order.map((game) => game.slug),
      });
      setResult({ ok: true, text: done });
      games.reload();
      props.changed();
    } catch (error) {
      setResult({ ok: false, text: describeError(error) });
    } finally {
      setBusy(false);
    }
  }

  const list = games.data ?? [];
  const moved = (index: number, by: -1 | 1) => {
    const next = [...list];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    return next;
  };
  return (
    <>
      <section aria-labelledby="collection-games">
        <h2 id="collection-games">Games in this collection</h2>
        {result &&
          (result.ok ? (
            <p role="status">{result.text}</p>
          ) : (
            <p role="alert" className="problem">
              {result.text}
            </p>
          ))}
        {!games.data ? (
          <Loading error={games.error} />
        ) : list.length === 0 ? (
          <p>No games yet: find one below to add it.</p>
        ) : (
          <Table
            caption={`${list.length} games, in the site's order`}
            columns={["#", "Game", "Provider", "Switch", "Order"]}
          >
            {list.map((game, index) => (
              <tr key={game.id}>
                <td>{index + 1}</td>
                <th scope="row">
                  <Link to={`/games/${game.id}`}>{game.title}</Link>
                </th>
                <td>{game.provider}</td>
                <td>{game.isEnabled ? "On" : "Off"}</td>
                <td className="decide">
                  <button
                    type="button"
                    aria-label={`Move ${game.title} up`}
                    disabled={busy || index === 0}
                    onClick={() => put(moved(index, -1), `Moved ${game.title} up.`)}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${game.title} down`}
                    disabled={busy || index === list.length - 1}
                    onClick={() => put(moved(index, 1), `Moved ${game.title} down.`)}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove ${game.title}`}
                    disabled={busy}
                    onClick={() =>
                      put(
                        list.filter((other) => other.id !== game.id),
                        `Removed ${game.title}.`,
                      )
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="add-game">
        <h2 id="add-game">Add a game</h2>
        <QueryForm label="Find a game to add" names={["search"]} submit="Find" onQuery={setQuery}>
          <Field label="Title, slug or code" name="search" />
        </QueryForm>
        {query &&
          (!found.data ? (
            <Loading error={found.error} />
          ) : found.data.length === 0 ? (
            <p>No game matches.</p>
          ) : (
            <Table columns={["Game", "Provider", "Add"]}>
              {found.data.map((game) => {
                const inside = list.some((other) => other.id === game.id);
                return (
                  <tr key={game.id}>
                    <th scope="row">{game.title}</th>
                    <td>{game.provider}</td>
                    <td>
                      {inside ? (
                        "In the collection"
                      ) : (
                        <button
                          type="button"
                          aria-label={`Add ${game.title}`}
                          disabled={busy || !games.data}
                          onClick={() => put([...list, game], `Added ${game.title} at the end.`)}
                        >
                          Add
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </Table>
          ))}
      </section>
    </>
  );
}
