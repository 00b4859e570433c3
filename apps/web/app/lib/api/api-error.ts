/** A non-2xx API answer, with the body's `error.code`, `error.message` and `error.fields`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly fields: Record<string, string[]>;

  constructor(
    status: number,
    code: number,
    message: string,
    fields: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type ErrorShape = { error?: { code?: unknown; message?: unknown; fields?: unknown } };

/** Builds an ApiError from a failed response, tolerating non-JSON bodies. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: ErrorShape = {};
  try {
    body = (await response.json()) as ErrorShape;
  } catch {
    // not JSON: keep the status only
  }
  const error = body.error ?? {};
  const code = typeof error.code === "number" ? error.code : response.status;
  const message =
    typeof error.message === "string" ? error.message : response.statusText || "Request failed";
  const fields =
    error.fields && typeof error.fields === "object"
      ? (error.fields as Record<string, string[]>)
      : {};
  return new ApiError(response.status, code, message, fields);
}
