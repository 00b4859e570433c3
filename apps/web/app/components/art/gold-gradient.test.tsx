import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoyaltyArt, WelcomeArt } from "./banner-art";
import { CategoryArt } from "./category-tile-art";
import { GoldGradient } from "./gold-gradient";

describe("the illustrations' gold gradient", () => {
  it("goes from a white glint through gold to deep gold, with the given direction and glint", () => {
    const html = renderToStaticMarkup(
      <svg aria-hidden="true">
        <defs>
          <GoldGradient id="g" x2="0.4" glint="0.35" />
        </defs>
      </svg>,
    );
    expect(html).toContain(
      '<linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1">' +
        '<stop offset="0" style="stop-color:var(--art-white)"></stop>' +
        '<stop offset="0.35" style="stop-color:var(--art-gold)"></stop>' +
        '<stop offset="1" style="stop-color:var(--art-gold-deep)"></stop></linearGradient>',
    );
  });

  it("each illustration on a page paints with its own gradient (ids unique per SVG)", () => {
    const html = renderToStaticMarkup(
      <>
        <WelcomeArt />
        <WelcomeArt />
        <LoyaltyArt />
        <CategoryArt kind="jackpot" />
        <CategoryArt kind="jackpot" />
      </>,
    );
    const svgs = html.split("</svg>").filter((part) => part.includes("<svg"));
    expect(svgs).toHaveLength(5);
    const ids = svgs.map((svg) => /<linearGradient id="([^"]+-gold)"/.exec(svg)?.[1]);
    expect(new Set(ids).size).toBe(5);
    svgs.forEach((svg, index) => {
      // Every gold fill of an SVG points at that SVG's own gradient.
      const used = new Set([...svg.matchAll(/url\(#([^)]+-gold)\)/g)].map((match) => match[1]));
      expect([...used]).toEqual([ids[index]]);
    });
  });
});
