// /studio/verify: recomputes any round in the browser from its seeds (fairness-web.ts: the same
// HMAC-SHA256 floats as the server, with Web Crypto), and looks up a past round by its id to
// show its seeds once revealed.
import { hashServerSeedAsync, replayRound } from "@casino/games/fairness-web";
import { playRound, type RoundParams, roundPayout } from "@casino/games/rounds";
import { useEffect, useId, useState } from "react";
import { ApiError, api, type StudioGameCode, type StudioRound } from "./api";
import { GAME_CODES, GAME_TITLES } from "./games/meta";
import { describeOutcome } from "./outcome-text";

/** Parameters for a bare recomputation: the outcome does not depend on the bet. */
const DEFAULT_PARAMS: Record<StudioGameCode, RoundParams> = {
  dice: { game: "dice", amount: "100", target: 5000, direction: "under" },
  limbo: { game: "limbo", amount: "100", target: 200 },
  roulette: { game: "roulette", chips: [{ kind: "red", at: [], amount: "100" }] },
  baccarat: { game: "baccarat", amount: "100", bet: "player" },
  slot: { game: "slot", lineBet: "10", funding: "player" },
};

interface Verification {
  hash: string;
  outcome: Record<string, unknown>;
  payout: bigint;
  matches: boolean | null;
}

/** Canonical JSON (sorted keys) to compare a recomputed outcome with the stored one. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

async function verify(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  params: RoundParams,
  recorded?: StudioRound,
): Promise<Verification> {
  const outcome = await replayRound(seeds, (next) => playRound(params, next));
  const plain = JSON.parse(JSON.stringify(outcome)) as Record<string, unknown>;
  const hash = await hashServerSeedAsync(seeds.serverSeed);
  return {
    hash,
    outcome: plain,
    payout: roundPayout(params, outcome),
    matches: recorded
      ? canonical(plain) === canonical(recorded.outcome) &&
        hash === recorded.serverSeedHash &&
        roundPayout(params, outcome) === BigInt(recorded.payout.replace(".", ""))
      : null,
  };
}

export function VerifyPage() {
  const ids = { game: useId(), server: useId(), client: useId(), nonce: useId(), round: useId() };
  const [game, setGame] = useState<StudioGameCode>("dice");
  const [serverSeed, setServerSeed] = useState("");
  const [clientSeed, setClientSeed] = useState("");
  const [nonce, setNonce] = useState("0");
  const [roundId, setRoundId] = useState(
    () => new URLSearchParams(window.location.search).get("round") ?? "",
  );
  const [round, setRound] = useState<StudioRound | null>(null);
  const [result, setResult] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (recorded?: StudioRound) => {
    setError(null);
    setResult(null);
    const n = Number(nonce);
    const seeds = recorded?.serverSeed
      ? { serverSeed: recorded.serverSeed, clientSeed: recorded.clientSeed, nonce: recorded.nonce }
      : { serverSeed: serverSeed.trim(), clientSeed: clientSeed.trim(), nonce: n };
    if (
      !seeds.serverSeed ||
      !seeds.clientSeed ||
      !Number.isSafeInteger(seeds.nonce) ||
      seeds.nonce < 0
    ) {
      setError("Enter the server seed, the client seed and a nonce (0 or more).");
      return;
    }
    try {
      const params = recorded ? (recorded.params as unknown as RoundParams) : DEFAULT_PARAMS[game];
      setResult(await verify(seeds, params, recorded));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const lookUp = async (id: string) => {
    setError(null);
    setResult(null);
    setRound(null);
    try {
      const found = await api.round(id.trim());
      setRound(found);
      setGame(found.game);
      setClientSeed(found.clientSeed);
      setNonce(String(found.nonce));
      if (found.serverSeed) {
        setServerSeed(found.serverSeed);
        await run(found);
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Could not look the round up");
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for a ?round= link
  useEffect(() => {
    if (roundId) void lookUp(roundId);
  }, []);

  return (
    <main className="page verify">
      <h1>Fairness verifier</h1>
      <p>
        Every round's outcome is HMAC-SHA256(server seed, "client seed:nonce:cursor") turned into
        numbers. The hash of the server seed was shown before the round; once the seed is rotated it
        is revealed, and anyone can recompute the round here, in the browser.
      </p>
      <section className="panel" aria-labelledby="lookup-title">
        <h2 id="lookup-title">Look up a round</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void lookUp(roundId);
          }}
        >
          <label htmlFor={ids.round}>Round id</label>
          <div className="row">
            <input
              id={ids.round}
              name="round"
              value={roundId}
              autoComplete="off"
              onChange={(event) => setRoundId(event.target.value)}
            />
            <button type="submit">Look up round</button>
          </div>
        </form>
        {round ? (
          <dl className="round">
            <dt>Game</dt>
            <dd>{GAME_TITLES[round.game]}</dd>
            <dt>Stake and payout</dt>
            <dd>
              {round.stake} → {round.payout} {round.currency}
            </dd>
            <dt>Recorded outcome</dt>
            <dd>{describeOutcome(round.outcome)}</dd>
            <dt>Server seed hash</dt>
            <dd className="mono">{round.serverSeedHash}</dd>
            <dt>Server seed</dt>
            <dd className="mono">
              {round.serverSeed ??
                "Not revealed yet: rotate your server seed in the game to reveal it."}
            </dd>
            <dt>Client seed and nonce</dt>
            <dd className="mono">
              {round.clientSeed} · {round.nonce}
            </dd>
          </dl>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="verify-title">
        <h2 id="verify-title">Recompute an outcome</h2>
        <form
          className="controls"
          onSubmit={(event) => {
            event.preventDefault();
            void run(
              round?.serverSeed && round.serverSeed === serverSeed.trim() ? round : undefined,
            );
          }}
        >
          <div className="field">
            <label htmlFor={ids.game}>Game</label>
            <select
              id={ids.game}
              name="game"
              value={game}
              onChange={(event) => setGame(event.target.value as StudioGameCode)}
            >
              {GAME_CODES.map((code) => (
                <option key={code} value={code}>
                  {GAME_TITLES[code]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.server}>Server seed</label>
            <input
              id={ids.server}
              name="serverSeed"
              className="mono"
              autoComplete="off"
              spellCheck={false}
              value={serverSeed}
              onChange={(event) => setServerSeed(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.client}>Client seed</label>
            <input
              id={ids.client}
              name="clientSeed"
              autoComplete="off"
              spellCheck={false}
              value={clientSeed}
              onChange={(event) => setClientSeed(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.nonce}>Nonce</label>
            <input
              id={ids.nonce}
              name="nonce"
              inputMode="numeric"
              autoComplete="off"
              value={nonce}
              onChange={(event) => setNonce(event.target.value)}
            />
          </div>
          <button type="submit" className="primary">
            Verify
          </button>
        </form>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        {result ? (
          <div className="result" role="status">
            <p>
              <strong>Outcome:</strong> {describeOutcome(result.outcome)}
            </p>
            <p>
              <strong>SHA-256 of the server seed:</strong>{" "}
              <span className="mono">{result.hash}</span>
            </p>
            {result.matches === true ? (
              <p className="won">
                Verified: the seeds give exactly the recorded outcome and payout.
              </p>
            ) : result.matches === false ? (
              <p className="error">Mismatch: these seeds do not give the recorded outcome.</p>
            ) : null}
          </div>
        ) : null}
      </section>
    </main>
  );
}
