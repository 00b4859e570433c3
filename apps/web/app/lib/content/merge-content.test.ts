import { describe, expect, it } from "vitest";
import { mergeContent } from "./merge-content";
import { translate } from "./translate";

describe("content fallback", () => {
  it("LC-06: the current locale wins per key, the default locale fills the gaps", () => {
    const en = { error: { title: "Oops", description: "Gone" }, list: [1, 2], only: "en" };
    const de = { error: { title: "Hoppla" }, list: [3] };
    expect(mergeContent(en, de)).toEqual({
      error: { title: "Hoppla", description: "Gone" },
      list: [3],
      only: "en",
    });
  });

  it("LC-07: texts come from content by group and dotted key, with placeholders", () => {
    const content = {
      alerts: { depositSuccess: { description: "{sum} on {date}" } },
      "global-components": { error: { title: "" } },
    };
    expect(
      translate(content, "alerts.depositSuccess.description", undefined, {
        sum: "10 EUR",
        date: "1 May",
      }),
    ).toBe("10 EUR on 1 May");
    expect(translate(content, "global-components.error.title", "Fallback")).toBe("Fallback");
    expect(translate(content, "global-components.missing")).toBe("global-components.missing");
    expect(translate(content, "alerts.depositSuccess.description", undefined, { sum: 5 })).toBe(
      "5 on {date}",
    );
  });
});
