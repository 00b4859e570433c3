import { ErrorCode } from "@casino/contract/errors";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import type { CountryResolver } from "../../infra/geo";
import { settingsRepository } from "../settings/repository";

/**
 * BE-13: sign-in and sign-up are refused (403, code 11010) when the request country has
 * restrict and restrictType 2, the same rule /api/player/init reports to the client.
 * Returns the request country (null when unknown) for the caller to store.
 */
export async function assertCountryAllowed(
  ctx: Pick<AppContext, "db" | "resolveCountry">,
  request: Parameters<CountryResolver>[0],
): Promise<string | null> {
  const country = await ctx.resolveCountry(request);
  if (!country) return null;
  const record = await settingsRepository(ctx.db).findCountry(country);
  if (record?.restrict && record.restrictType === 2) {
    throw new AppError(
      403,
      ErrorCode.CountryRestricted,
      "Sign-in and sign-up are not available in your country",
    );
  }
  return country;
}
