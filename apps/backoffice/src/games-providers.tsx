// Game providers (studios and aggregators): the list with their switches, a provider's page
// (/games/providers/{id}) with what PATCH /api/operator/game-providers/{id} changes (name, logo,
// launch and free-spins URLs, countries, position), pre-filled, and a new provider. Its wallet
// keys are on the Keys desk (they need the access scope).
import type { OperatorGameProvider } from "@casino/contract/operator-games";
import { type Desk, NotFound } from "./app";
import { CountriesField, countriesOf, orNull, PositionField, shownList } from "./games-fields";
import { readOne } from "./one";
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

type Providers = { data: OperatorGameProvider[] };

const LAUNCH_HINT = "{gameCode}, {token}, {mode}, {currency}, {locale} and {returnUrl}";

/** The fields a new provider and a change share (create: `provider` undefined). */
function ProviderFields({ provider }: { provider?: OperatorGameProvider }) {
  return (
    <>
      <Field label="Name" name="name" defaultValue={provider?.name ?? ""} />
      <Field
        label="Logo (a path or an http(s) URL; optional)"
        name="logo"
        required={false}
        defaultValue={provider?.logo ?? ""}
      />
      <Field
        label={`Launch URL (with ${LAUNCH_HINT}; empty: the sandbox studio)`}
        name="launchUrl"
        required={false}
        defaultValue={provider?.launchUrl ?? ""}
      />
      <Field
        label="Free-spins URL (where grants are posted; optional)"
        name="freeSpinsUrl"
        required={false}
        defaultValue={provider?.freeSpinsUrl ?? ""}
      />
      <PositionField label="Position (lower first)" defaultValue={provider?.position ?? 0} />
      <CountriesField defaultValue={provider?.restrictedCountries ?? []} />
    </>
  );
}

const providerBody = (form: FormData) => ({
  name: text(form, "name"),
  logo: orNull(form, "logo"),
  launchUrl: orNull(form, "launchUrl"),
  freeSpinsUrl: orNull(form, "freeSpinsUrl"),
  position: Number(text(form, "position")),
  restrictedCountries: countriesOf(form),
});

/** The Games page's section; `changed` after a switch (the games' list shows it too). */
export function ProvidersSection(props: {
  desk: Desk;
  providers: ReturnType<typeof useProviders>;
  changed: () => void;
}) {
  const { desk, providers } = props;
  const key = useOnceKey();
  return (
    <section aria-labelledby="providers">
      <h2 id="providers">Providers</h2>
      {!providers.data ? (
        <Loading error={providers.error} />
      ) : (
        <Table columns={["Provider", "Slug", "Games", "Wallet key", "Position", "Switch"]}>
          {providers.data.data.map((provider) => (
            <tr key={provider.id}>
              <th scope="row">
                <Link to={`/games/providers/${provider.id}`}>{provider.name}</Link>
              </th>
              <td>
                <code>{provider.slug}</code>
              </td>
              <td>{provider.games}</td>
              <td>{provider.hasWalletKey ? "Yes" : "None: its wallet calls are refused"}</td>
              <td>{provider.position}</td>
              <td>
                <Switch
                  desk={desk}
                  name={provider.name}
                  on={provider.isEnabled}
                  url={`/game-providers/${provider.id}`}
                  done={() => {
                    providers.reload();
                    props.changed();
                  }}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <details>
        <summary>New provider</summary>
        <ActionForm
          label="New provider"
          titled
          submit="Create provider"
          action={async (form) => {
            const { data } = await desk.api.send<{ data: OperatorGameProvider }>(
              "POST",
              "/game-providers",
              {
                key: key.current(),
                slug: text(form, "slug"),
                isEnabled: checked(form, "isEnabled"),
                ...providerBody(form),
              },
            );
            key.next();
            providers.reload();
            return `Created ${data.name}: issue its wallet key on the Keys desk.`;
          }}
        >
          <Field label="Slug (in its wallet URLs; fixed)" name="slug" />
          <ProviderFields />
          <Check label="Switched on" name="isEnabled" defaultChecked />
        </ActionForm>
      </details>
    </section>
  );
}

export function useProviders(desk: Desk) {
  return useLoad(() => desk.api.get<Providers>("/game-providers"), []);
}

export function ProviderPage({ desk, id }: { desk: Desk; id: number }) {
  const loaded = useLoad(
    () => readOne<OperatorGameProvider>(desk.api, `/game-providers/${id}`),
    [id],
  );
  const provider = loaded.data;
  usePageTitle(provider?.name ?? "Provider");
  if (provider === undefined) return <Loading error={loaded.error} />;
  if (provider === null) return <NotFound />;
  return (
    <>
      <p>
        <Link to="/games">All games and providers</Link>
      </p>
      <h1>{provider.name}</h1>
      <dl className="facts">
        <dt>Slug</dt>
        <dd>
          <code>{provider.slug}</code>
        </dd>
        <dt>Games</dt>
        <dd>{provider.games}</dd>
        <dt>Switch</dt>
        <dd>{provider.isEnabled ? "On" : "Off: its games are out, no new bets"}</dd>
        <dt>Restricted in</dt>
        <dd>{shownList(provider.restrictedCountries)}</dd>
        <dt>Wallet key</dt>
        <dd>
          {provider.hasWalletKey ? "Yes" : "None: its wallet calls are refused"}
          {desk.can("access") && (
            <>
              {" "}
              (<Link to="/keys">Keys desk</Link>)
            </>
          )}
        </dd>
        <dt>Changed</dt>
        <dd>{when(provider.updatedAt)}</dd>
      </dl>
      <Switch
        desk={desk}
        name={provider.name}
        on={provider.isEnabled}
        url={`/game-providers/${provider.id}`}
        done={loaded.reload}
      />
      <section aria-labelledby="edit-provider">
        <h2 id="edit-provider">Edit</h2>
        <ActionForm
          label="Edit provider"
          submit="Save provider"
          action={async (form) => {
            const { data } = await desk.api.send<{ data: OperatorGameProvider }>(
              "PATCH",
              `/game-providers/${provider.id}`,
              providerBody(form),
            );
            loaded.reload();
            return `Saved ${data.name}.`;
          }}
        >
          <ProviderFields provider={provider} />
        </ActionForm>
      </section>
    </>
  );
}
