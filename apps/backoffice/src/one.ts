// One item of the operator API by its id (GET /api/operator/<list>/{id}), for a page per item:
// null when there is none (404) or the id is not one (422), so the page shows NotFound; any
// other failure stays an error (the page's Loading shows it).
import { type Api, ApiError } from "./api";

export async function readOne<T>(api: Api, path: string): Promise<T | null> {
  try {
    return (await api.get<{ data: T }>(path)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}
