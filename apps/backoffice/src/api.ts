// The operator API (/api/operator/...) as the back office calls it: the operator's key as the
// bearer, JSON both ways, and the API's coded errors (error.code, error.fields) as ApiError.
// Types only from the contract: the schemas stay on the server.

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code: number,
    public readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }

  /** One line for the operator: the message and every field's problems. */
  describe(): string {
    const fields = Object.entries(this.fields).map(
      ([field, problems]) => `${field}: ${problems.join(", ")}`,
    );
    return [this.message, ...fields].join(" · ");
  }
}

export interface Api {
  get<T>(path: string): Promise<T>;
  /** A file the API serves (a document's), as a Blob with its content type. */
  file(path: string): Promise<Blob>;
  send<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T>;
}

/** One JSON call of the operator API; `key` null: a call that needs none (sign-in). */
async function callApi<T>(
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  onUnauthorized?: () => void,
): Promise<T> {
  const response = await fetch(`/api/operator${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as {
    data?: unknown;
    error?: { code?: number; message?: string; fields?: Record<string, string[]> };
  } | null;
  if (!response.ok) {
    if (response.status === 401) onUnauthorized?.();
    const error = payload?.error;
    throw new ApiError(
      error?.message ?? `The server answered ${response.status}`,
      response.status,
      error?.code ?? response.status,
      error?.fields ?? {},
    );
  }
  return payload as T;
}

/** A call without a key: signing in, setting a password. */
export const publicApi = <T>(method: "POST", path: string, body: unknown) =>
  callApi<T>(null, method, path, body);

/** `onUnauthorized`: the key stopped working (revoked, expired, or the API switched off). */
export function createApi(key: string, onUnauthorized?: () => void): Api {
  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(key, method, path, body, onUnauthorized);
  return {
    get: (path) => call("GET", path),
    file: async (path) => {
      const response = await fetch(`/api/operator${path}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      if (response.status === 401) onUnauthorized?.();
      if (!response.ok) {
        throw new ApiError(
          `The file could not be read (${response.status})`,
          response.status,
          response.status,
        );
      }
      return response.blob();
    },
    send: (method, path, body) => call(method, path, body),
  };
}
