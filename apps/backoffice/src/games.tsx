// The game catalogue: find games (by words, provider, switch) and switch a game or a whole
// provider off or on; a game's page edits it; the collections (the site's categories) with their
// games in order; the providers with their URLs. A switched-off game leaves the catalogue and
// takes no new bets; rounds already open still settle (README "Operator API").

import type { OperatorGame } from "@casino/contract/operator-games";
import type { PageMeta } from "@casino/contract/pagination";
import { useState } from "react";
import { type Desk, NotFound } from "./app";
import { CollectionPage, CollectionsSection } from "./games-collections";
import { GamePage, NewGame } from "./games-game";
import { ProviderPage, ProvidersSection, useProviders } from "./games-providers";
import { Field, Link, Loading, Pager, QueryForm, Switch, Table, useLoad, usePageTitle } from "./ui";

const PER_PAGE = 50;

/** /games, /games/{id}, /games/collections/{id}, /games/providers/{id}. */
export function GamesDesk({ desk, rest }: { desk: Desk; rest: string }) {
  if (rest === "") return <GamesPage desk={desk} />;
  const match = /^\/(?:(collections|providers)\/)?(\d{1,9})$/.exec(rest);
  if (!match) return <NotFound />;
  const id = Number(match[2]);
  if (match[1] === "collections") return <CollectionPage key={id} desk={desk} id={id} />;
  if (match[1] === "providers") return <ProviderPage key={id} desk={desk} id={id} />;
  return <GamePage key={id} desk={desk} id={id} />;
}

function GamesPage({ desk }: { desk: Desk }) {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const providers = useProviders(desk);
  const games = useLoad(
    () =>
      desk.api.get<{ data: OperatorGame[]; meta: PageMeta }>(
        `/games?perPage=${PER_PAGE}&page=${page}${query}`,
      ),
    [query, page],
  );
  usePageTitle("Games");
  return (
    <>
      <h1>Games</h1>
      <QueryForm
        label="Find games"
        names={["search", "provider", "isEnabled"]}
        submit="Find"
        onQuery={(next) => {
          setPage(1);
          setQuery(next);
        }}
      >
        <Field label="Title, slug or code" name="search" required={false} />
        <Field label="Provider" name="provider" required={false}>
          <option value="">Any</option>
          {(providers.data?.data ?? []).map((provider) => (
            <option key={provider.id} value={provider.slug}>
              {provider.name}
            </option>
          ))}
        </Field>
        <Field label="Switch" name="isEnabled" required={false}>
          <option value="">Any</option>
          <option value="true">On</option>
          <option value="false">Off</option>
        </Field>
      </QueryForm>
      {!games.data ? (
        <Loading error={games.error} />
      ) : (
        <Table
          caption={
            <>
              {games.data.data.length} of {games.data.meta.total} games
            </>
          }
          columns={["Game", "Provider", "RTP", "Collections", "Switch"]}
        >
          {games.data.data.map((game) => (
            <tr key={game.id}>
              <th scope="row">
                <Link to={`/games/${game.id}`}>{game.title}</Link>
              </th>
              <td>{game.provider}</td>
              <td>{game.rtp ?? "—"}</td>
              <td>{game.collections.join(", ") || "—"}</td>
              <td>
                <Switch
                  desk={desk}
                  name={game.title}
                  on={game.isEnabled}
                  url={`/games/${game.id}`}
                  done={games.reload}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      {games.data && (
        <Pager page={page} total={games.data.meta.total} perPage={PER_PAGE} onPage={setPage} />
      )}
      <details>
        <summary>New game</summary>
        <NewGame desk={desk} providers={providers.data?.data ?? []} done={games.reload} />
      </details>
      <CollectionsSection desk={desk} />
      <ProvidersSection desk={desk} providers={providers} changed={games.reload} />
    </>
  );
}
