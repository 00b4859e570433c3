const QUESTIONS_PATH = /^(\/[a-z]{2}(?:-[a-z]{2,4})?)?\/questions(?:\/[^/]+)?\/?$/;

/** "/questions" or "/questions/{pageIdentity}", with or without a locale prefix. */
export function isQuestionsPath(pathname: string): boolean {
  return QUESTIONS_PATH.test(pathname);
}

/**
 * The guard for moving between /questions and /questions/{pageIdentity} (RT-18). Such a move
 * (either way, or from topic to topic, in the same locale) stays inside the Questions section:
 * the topic list is not fetched again and the page does not scroll to the top, so the list stays
 * where the visitor was reading. Entering the section from elsewhere, or changing language,
 * behaves like any navigation. The topic page validates its identity (unknown topic → 404).
 */
export function isMoveWithinQuestions(from: string, to: string): boolean {
  const a = QUESTIONS_PATH.exec(from);
  const b = QUESTIONS_PATH.exec(to);
  return a !== null && b !== null && (a[1] ?? "") === (b[1] ?? "");
}
