import { describe, expect, it } from "vitest";
import { onNextTurn } from "./next-turn";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("onNextTurn", () => {
  it("runs once for every ask of a turn, on the next turn, and again after a later ask", async () => {
    let runs = 0;
    const ask = onNextTurn(() => runs++);
    ask();
    ask();
    ask();
    expect(runs).toBe(0);
    await nextTurn();
    expect(runs).toBe(1);
    ask();
    await nextTurn();
    expect(runs).toBe(2);
    await nextTurn();
    expect(runs).toBe(2);
  });
});
