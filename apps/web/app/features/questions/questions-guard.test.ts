import { describe, expect, it } from "vitest";
import { isMoveWithinQuestions, isQuestionsPath } from "./questions-guard";

describe("questions guard", () => {
  it("RT-18: a move between /questions and /questions/{pageIdentity} stays within the section", () => {
    expect(isMoveWithinQuestions("/questions", "/questions/payments")).toBe(true);
    expect(isMoveWithinQuestions("/questions/payments", "/questions")).toBe(true);
    expect(isMoveWithinQuestions("/questions/general", "/questions/payments")).toBe(true);
    expect(isMoveWithinQuestions("/de/questions", "/de/questions/general")).toBe(true);
  });

  it("RT-18: entering from elsewhere or changing language is an ordinary navigation", () => {
    expect(isMoveWithinQuestions("/", "/questions")).toBe(false);
    expect(isMoveWithinQuestions("/questions/general", "/static/terms")).toBe(false);
    expect(isMoveWithinQuestions("/questions", "/de/questions")).toBe(false);
  });

  it("recognises the section paths", () => {
    expect(isQuestionsPath("/pt-br/questions/general")).toBe(true);
    expect(isQuestionsPath("/questions/a/b")).toBe(false);
    expect(isQuestionsPath("/questionsx")).toBe(false);
  });
});
