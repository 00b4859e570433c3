// Provably fair: the hash of the server seed in use (shown before any round uses it), the next
// seed's hash, the client seed (the player's to change), the nonce of the next round, and the
// rotation that reveals the current server seed.
import { useId, useState } from "react";
import { ApiError, api, type Revealed, type StudioFairness } from "./api";

export function FairnessPanel(props: {
  token: string;
  fairness: StudioFairness;
  onChange: (fairness: StudioFairness) => void;
  onRevealed: () => void;
}) {
  const { fairness } = props;
  const [clientSeed, setClientSeed] = useState(fairness.clientSeed);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seedId = useId();

  const run = async (action: () => Promise<{ fairness: StudioFairness; revealed: Revealed }>) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await action();
      props.onChange(answer.fairness);
      setClientSeed(answer.fairness.clientSeed);
      setRevealed(answer.revealed);
      props.onRevealed();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Could not change the seeds");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel fairness" aria-labelledby="fairness-title">
      <h2 id="fairness-title">Provably fair</h2>
      <dl>
        <dt>Server seed (SHA-256)</dt>
        <dd>
          <output className="mono" aria-label="Server seed hash">
            {fairness.serverSeedHash}
          </output>
        </dd>
        <dt>Next server seed (SHA-256)</dt>
        <dd className="mono">{fairness.nextServerSeedHash}</dd>
        <dt>Nonce of the next round</dt>
        <dd>
          <output aria-label="Nonce">{fairness.nonce}</output>
        </dd>
      </dl>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => api.setClientSeed(props.token, clientSeed.trim()));
        }}
      >
        <label htmlFor={seedId}>Client seed</label>
        <div className="row">
          <input
            id={seedId}
            name="clientSeed"
            value={clientSeed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setClientSeed(event.target.value)}
          />
          <button type="submit" disabled={busy || clientSeed.trim() === fairness.clientSeed}>
            Change client seed
          </button>
        </div>
      </form>
      <p className="hint">
        Changing the client seed or rotating reveals the current server seed, so you can verify
        every round played with it.
      </p>
      <button type="button" disabled={busy} onClick={() => void run(() => api.rotate(props.token))}>
        Rotate server seed
      </button>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {revealed ? (
        <div className="revealed" role="status">
          <p>
            Revealed server seed (used for {revealed.bets} round{revealed.bets === 1 ? "" : "s"}{" "}
            with client seed <span className="mono">{revealed.clientSeed}</span>):
          </p>
          <output className="mono" aria-label="Revealed server seed">
            {revealed.serverSeed}
          </output>
        </div>
      ) : null}
      <p>
        <a href="/studio/verify">Open the verifier</a>
      </p>
    </section>
  );
}
