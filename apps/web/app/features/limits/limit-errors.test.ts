import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api/api-error";
import { limitErrorText } from "./limit-errors";

const text = (key: string, fallback: string) => `${key}|${fallback.slice(0, 12)}`;

describe("limit error texts", () => {
  it("13112 and 409 have their own texts; a field message or the server's message otherwise", () => {
    expect(limitErrorText(new ApiError(400, 13112, "locked"), text)).toBe(
      "errors.locked|This limit c",
    );
    expect(limitErrorText(new ApiError(409, 409, "exists"), text)).toBe(
      "errors.exists|You already ",
    );
    expect(limitErrorText(new ApiError(422, 422, "Invalid", { amount: ["Too large"] }), text)).toBe(
      "Too large",
    );
    expect(limitErrorText(new ApiError(404, 404, "No such limit"), text)).toBe("No such limit");
  });

  it("server failures and network errors get the generic text", () => {
    expect(limitErrorText(new ApiError(500, 500, "boom"), text)).toBe("errors.failed|Something we");
    expect(limitErrorText(new TypeError("Failed to fetch"), text)).toBe(
      "errors.failed|Something we",
    );
  });
});
