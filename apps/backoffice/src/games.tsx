// The game catalogue: find games (by words, provider, switch) and switch a game or a whole
// provider off or on. A switched-off game leaves the catalogue and takes no new bets; rounds
// already open still settle (README "Operator API").

import type { OperatorGame } from "@casino/contract/operator-games";
import type { PageMeta } from "@casino/contract/pagination";
import { useState } from "react";
import { type Desk, NotFound } from "./app";
import { Field, Loading, QueryForm, Switch, Table, useLoad, usePageTitle } from "./ui";

interface Provider {
  id: number;
  slug: string;
  name: string;
  isEnabled: boolean;
  games: number;
}

export function GamesDesk({ desk, rest }: { desk: Desk; rest: string }) {
  if (rest !== "") return <NotFound />;
  return <GamesPage desk={desk} />;
}

function GamesPage({ desk }: { desk: Desk }) {
  const [query, setQuery] = useState("");
  const providers = useLoad(() => desk.api.get<{ data: Provider[] }>("/game-providers"), []);
  const games = useLoad(
    () => desk.api.get<{ data: OperatorGame[]; meta: PageMeta }>(`/games?perPage=50${query}`),
    [query],
  );
  usePageTitle("Games");
  return (
    <>
      <h1>Games</h1>
      <QueryForm
        label="Find games"
        names={["search", "provider", "isEnabled"]}
        submit="Find"
        onQuery={setQuery}
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
          columns={["Game", "Provider", "RTP", "Switch"]}
        >
          {games.data.data.map((game) => (
            <tr key={game.id}>
              <th scope="row">{game.title}</th>
              <td>{game.provider}</td>
              <td>{game.rtp ?? "—"}</td>
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
      <section aria-labelledby="providers">
        <h2 id="providers">Providers</h2>
        {!providers.data ? (
          <Loading error={providers.error} />
        ) : (
          <Table columns={["Provider", "Games", "Switch"]}>
            {providers.data.data.map((provider) => (
              <tr key={provider.id}>
                <th scope="row">{provider.name}</th>
                <td>{provider.games}</td>
                <td>
                  <Switch
                    desk={desk}
                    name={provider.name}
                    on={provider.isEnabled}
                    url={`/game-providers/${provider.id}`}
                    done={() => {
                      providers.reload();
                      games.reload();
                    }}
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
