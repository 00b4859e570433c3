import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ASYNC_COMPONENT_DELAY_MS,
  Delayed,
  ListLoading,
  LOADING_PLACEHOLDERS,
  LoadingPlaceholders,
  showAfter,
} from "./loading-placeholders";

describe("loading placeholders", () => {
  it("CN-03 a loading list renders 2 placeholder items in one busy status", () => {
    expect(LOADING_PLACEHOLDERS).toBe(2);
    const html = renderToStaticMarkup(<LoadingPlaceholders label="Loading bonuses" />);
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Loading bonuses"');
    expect(html).toContain('aria-busy="true"');
  });

  describe("async-component delay", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("CN-05 the loading state shows after 200 ms, not before, and never once cancelled", () => {
      expect(ASYNC_COMPONENT_DELAY_MS).toBe(200);
      const show = vi.fn();
      showAfter(ASYNC_COMPONENT_DELAY_MS, show);
      vi.advanceTimersByTime(199);
      expect(show).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(show).toHaveBeenCalledTimes(1);

      const cancelled = vi.fn();
      const cancel = showAfter(ASYNC_COMPONENT_DELAY_MS, cancelled);
      vi.advanceTimersByTime(150);
      cancel(); // the data came first
      vi.advanceTimersByTime(500);
      expect(cancelled).not.toHaveBeenCalled();
    });

    it("CN-05 nothing is rendered before the delay (the server's and the first client render)", () => {
      expect(renderToStaticMarkup(<Delayed>shown</Delayed>)).toBe("");
      expect(renderToStaticMarkup(<ListLoading label="Loading" />)).toBe("");
    });
  });
});
