import { isRouteErrorResponse } from "react-router";
import { ContentNotFoundError } from "../../lib/content/content-error";

/** The HTTP-like status of a caught error: a route response's status, 404 for missing content. */
export function routeErrorStatus(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ContentNotFoundError) return 404;
  return null;
}
