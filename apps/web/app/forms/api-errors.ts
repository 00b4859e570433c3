import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../lib/api/api-error";

/**
 * Puts a 422's `error.fields` on the form's fields (type "server", cleared when the field is
 * focused). Returns the messages of fields the form does not have.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: ApiError,
  known: readonly string[],
  setError: UseFormSetError<T>,
): string[] {
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(error.fields)) {
    const message = messages[0] ?? error.message;
    if (known.includes(name)) setError(name as Path<T>, { type: "server", message });
    else rest.push(message);
  }
  return rest;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
