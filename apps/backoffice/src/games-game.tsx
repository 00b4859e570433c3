// A game's page (/games/{id}): what PATCH /api/operator/games/{id} changes (title, image, tags,
// RTP, volatility, devices, demo, order, release, countries, collections), pre-filled, and its
// switch. The "New game" form creates one. A game's provider, code and slug name it: fixed.
import type {
  OperatorGame,
  OperatorGameCollection,
  OperatorGameProvider,
} from "@casino/contract/operator-games";
import { useState } from "react";
import { type Desk, NotFound } from "./app";
import { CountriesField, countriesOf, orNull, PositionField, shownList } from "./games-fields";
import { readOne } from "./one";
import { navigate } from "./router";
import {
  ActionForm,
  Check,
  checked,
  Field,
  instantOf,
  Link,
  Loading,
  listOf,
  localOf,
  Switch,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

const VOLATILITY = ["low", "medium", "high"] as const;

/** The fields a new game and a change share (create: `game` undefined). */
function GameFields({
  game,
  collections,
}: {
  game?: OperatorGame;
  collections: readonly OperatorGameCollection[];
}) {
  return (
    <>
      <Field label="Title" name="title" defaultValue={game?.title ?? ""} />
      <Field
        label="Image (a path or an http(s) URL; optional)"
        name="image"
        required={false}
        defaultValue={game?.image ?? ""}
      />
      <Field
        label="Tags (lowercase words, comma-separated; optional)"
        name="tags"
        required={false}
        defaultValue={(game?.tags ?? []).join(", ")}
      />
      <Field
        label="RTP in percent (like 96.50; optional)"
        name="rtp"
        required={false}
        defaultValue={game?.rtp ?? ""}
      />
      <Field
        label="Volatility"
        name="volatility"
        required={false}
        defaultValue={game?.volatility ?? ""}
      >
        <option value="">Not stated</option>
        {VOLATILITY.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </Field>
      <PositionField
        label="Position in the popular order (lower first)"
        defaultValue={game?.position ?? 0}
      />
      <Field
        label="Released (the newest order)"
        name="releasedAt"
        type="datetime-local"
        required={false}
        defaultValue={game ? localOf(game.releasedAt) : ""}
      />
      <CountriesField defaultValue={game?.restrictedCountries ?? []} />
      <Check label="Has a demo" name="hasDemo" defaultChecked={game?.hasDemo ?? false} />
      <Check label="On mobile" name="isMobile" defaultChecked={game?.isMobile ?? true} />
      <Check label="On desktop" name="isDesktop" defaultChecked={game?.isDesktop ?? true} />
      {collections.length > 0 && (
        <fieldset className="scopes">
          <legend>Collections</legend>
          {collections.map((collection) => (
            <Check
              key={collection.id}
              label={collection.name}
              name={`collection-${collection.slug}`}
              defaultChecked={game?.collections.includes(collection.slug) ?? false}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

/** The body's fields of GameFields (releasedAt only when it was changed: inputs drop seconds). */
function gameBody(
  form: FormData,
  collections: readonly OperatorGameCollection[],
  game?: OperatorGame,
) {
  const released = text(form, "releasedAt");
  const changed = released !== "" && released !== (game ? localOf(game.releasedAt) : "");
  return {
    title: text(form, "title"),
    image: orNull(form, "image"),
    tags: [...new Set(listOf(text(form, "tags").toLowerCase()))],
    rtp: orNull(form, "rtp"),
    volatility: (orNull(form, "volatility") as OperatorGame["volatility"]) ?? null,
    position: Number(text(form, "position")),
    restrictedCountries: countriesOf(form),
    hasDemo: checked(form, "hasDemo"),
    isMobile: checked(form, "isMobile"),
    isDesktop: checked(form, "isDesktop"),
    collections: collections
      .filter((collection) => checked(form, `collection-${collection.slug}`))
      .map((collection) => collection.slug),
    ...(changed ? { releasedAt: instantOf(released) } : {}),
  };
}

export function GamePage({ desk, id }: { desk: Desk; id: number }) {
  const loaded = useLoad(() => readOne<OperatorGame>(desk.api, `/games/${id}`), [id]);
  const collections = useLoad(
    () => desk.api.get<{ data: OperatorGameCollection[] }>("/game-collections"),
    [],
  );
  const [saved, setSaved] = useState<OperatorGame | null>(null);
  const game = saved ?? loaded.data;
  usePageTitle(game?.title ?? "Game");
  if (loaded.data === undefined || !collections.data) {
    return <Loading error={loaded.error ?? collections.error} />;
  }
  if (!game) return <NotFound />;
  const all = collections.data.data;
  return (
    <>
      <p>
        <Link to="/games">All games</Link>
      </p>
      <h1>{game.title}</h1>
      <dl className="facts">
        <dt>Provider</dt>
        <dd>{game.provider}</dd>
        <dt>Code</dt>
        <dd>
          <code>{game.code}</code>
        </dd>
        <dt>Slug</dt>
        <dd>
          <code>{game.slug}</code>
        </dd>
        <dt>Id</dt>
        <dd>{game.id}</dd>
        <dt>Image</dt>
        <dd>{game.image ?? "—"}</dd>
        <dt>Switch</dt>
        <dd>{game.isEnabled ? "On" : "Off: out of the catalogue, no new bets"}</dd>
        <dt>Collections</dt>
        <dd>{shownList(game.collections)}</dd>
        <dt>Changed</dt>
        <dd>{when(game.updatedAt)}</dd>
      </dl>
      <Switch
        desk={desk}
        name={game.title}
        on={game.isEnabled}
        url={`/games/${game.id}`}
        done={() => {
          setSaved(null);
          loaded.reload();
        }}
      />
      <section aria-labelledby="edit-game">
        <h2 id="edit-game">Edit</h2>
        <ActionForm
          key={game.id}
          label="Edit game"
          submit="Save game"
          action={async (form) => {
            const { data } = await desk.api.send<{ data: OperatorGame }>(
              "PATCH",
              `/games/${game.id}`,
              gameBody(form, all, game),
            );
            setSaved(data);
            return `Saved ${data.title}.`;
          }}
        >
          <GameFields game={game} collections={all} />
        </ActionForm>
      </section>
    </>
  );
}

/** POST /api/operator/games: a new game of a provider; its page opens after. */
export function NewGame({
  desk,
  providers,
  done,
}: {
  desk: Desk;
  providers: readonly OperatorGameProvider[];
  done: () => void;
}) {
  const key = useOnceKey();
  const collections = useLoad(
    () => desk.api.get<{ data: OperatorGameCollection[] }>("/game-collections"),
    [],
  );
  const all = collections.data?.data ?? [];
  return (
    <ActionForm
      label="New game"
      titled
      submit="Create game"
      action={async (form) => {
        const { data } = await desk.api.send<{ data: OperatorGame }>("POST", "/games", {
          key: key.current(),
          provider: text(form, "provider"),
          code: text(form, "code"),
          slug: text(form, "slug"),
          isEnabled: checked(form, "isEnabled"),
          ...gameBody(form, all),
        });
        key.next();
        done();
        navigate(`/games/${data.id}`);
        return `Created ${data.title}.`;
      }}
    >
      <Field label="Provider" name="provider">
        {providers.map((provider) => (
          <option key={provider.id} value={provider.slug}>
            {provider.name}
          </option>
        ))}
      </Field>
      <Field label="The studio's game code" name="code" />
      <Field label="Slug (its address: lowercase words joined by dashes)" name="slug" />
      <GameFields collections={all} />
      <Check label="Switched on" name="isEnabled" defaultChecked />
    </ActionForm>
  );
}
