import { describe, expect, it } from "vitest";
import { statusAlert } from "./bonus-events";

const context = {
  alerts: {
    "bonus-3-2": {
      type: "success",
      title: "Bonus completed",
      description: "{name} is real money.",
    },
    "freespin-1-1": { type: "success", title: "New free spins", description: "{count} on {game}" },
  } as Record<string, unknown>,
  href: (path: string) => `/de${path}`,
  t: (_key: string, fallback: string) => fallback,
};

describe("bonus status alerts", () => {
  it("BN-06 the status-result alert uses the configured text of alerts.bonus-<key>", () => {
    expect(statusAlert("bonus", "3-2", { name: "Welcome" }, context)).toEqual({
      type: "success",
      title: "Bonus completed",
      description: "Welcome is real money.",
    });
  });

  it("BN-15 free-spin alerts link to /profile/bonuses (localised); bonus alerts carry no link", () => {
    const toast = statusAlert("freespin", "1-1", { count: 50, game: "Fruit Lines" }, context);
    expect(toast.description).toBe("50 on Fruit Lines");
    expect(toast.link).toEqual({ to: "/de/profile/bonuses", label: "Open my bonuses" });
    expect(statusAlert("bonus", "3-2", { name: "x" }, context).link).toBeUndefined();
  });

  it("a key without configured text still shows an English alert", () => {
    expect(statusAlert("bonus", "3-4", { name: "Reload" }, context)).toMatchObject({
      type: "warning",
      title: "Bonus expired",
      description: "Reload",
    });
  });
});
