// The game catalogue: find games (by words, provider, switch) and switch a game or a whole
// provider off or on. A switched-off game leaves the catalogue and takes no new bets; rounds
// already open still settle (README "Operator API").

import type { OperatorGame } from "@casino/contract/operator-games";
import type { PageMeta } from "@casino/contract/pagination";
import { useEffect, useState } from "react";
import type { Desk } from "./app";
import { Field, Loading, Switch, text, useLoad } from "./ui";

interface Provider {
  id: number;
  slug: string;
  name: string;
  isEnabled: boolean;
  games: number;
}

export function GamesPage({ desk }: { desk: Desk }) {
  const [query, setQuery] = useState("");
  const providers = useLoad(() => desk.api.get<{ data: Provider[] }>("/game-providers"), []);
  const games = useLoad(
    () => desk.api.get<{ data: OperatorGame[]; meta: PageMeta }>(`/games?perPage=50${query}`),
    [query],
  );
  useEffect(() => {
    document.title = "Games · Back office";
  }, []);
  return (
    <>
      <h1>Games</h1>
      <form
        aria-label="Find games"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const params = new URLSearchParams();
          for (const name of ["search", "provider", "isEnabled"]) {
            if (text(form, name)) params.set(name, text(form, name));
          }
          setQuery(params.size > 0 ? `&${params}` : "");
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
        <button type="submit">Find</button>
      </form>
      {!games.data ? (
        <Loading error={games.error} />
      ) : (
        <table>
          <caption>
            {games.data.data.length} of {games.data.meta.total} games
          </caption>
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Provider</th>
              <th scope="col">RTP</th>
              <th scope="col">Switch</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      )}
      <section aria-labelledby="providers">
        <h2 id="providers">Providers</h2>
        {!providers.data ? (
          <Loading error={providers.error} />
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Games</th>
                <th scope="col">Switch</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
