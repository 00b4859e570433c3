// The live chat widget (spec §4 "Chat", ST-11, ST-12). Placeholder until the chat issue:
// post-login handling (lib/session/post-login.ts) already calls it. Chat failures are only
// logged (ER-21).

let started = false;

/** Starts the chat for the signed-in player (or a guest when the guest setting allows). Does nothing yet. */
export function startChat(): void {
  started = true;
}

export function isChatStarted(): boolean {
  return started;
}
