// How the API client tells the app that the server refused the session (SE-05, SE-06): a 401 or
// 403 to a call that carried the token, or a failed refresh. The session is already cleared when
// listeners run; the app opens sign-in (session-effects.tsx).
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionRejected(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionRejected(): void {
  for (const listener of listeners) listener();
}
