import { toApiError } from "./api-error";
import type { FetchLike } from "./fetch-like";

/** GET a JSON body, or throw ApiError. */
export async function getJson<T>(api: FetchLike, path: string): Promise<T> {
  const response = await api(path);
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
