import { predicateRule, type Rule } from "../rule";

const TRUTHY: readonly unknown[] = [true, 1, "1", "true", "yes", "on"];
const FALSY: readonly unknown[] = [false, 0, "0", "false", "no", "off"];
const BOOLEAN_LIKE: readonly unknown[] = [true, false, 1, 0, "1", "0"];

/** VR-28: yes, on, 1, true (as booleans, numbers or exact lower-case strings). */
export const truthy: Rule = predicateRule("truthy", [], (value) => TRUTHY.includes(value));

/** VR-29: no, off, 0, false (as booleans, numbers or exact lower-case strings). */
export const falsy: Rule = predicateRule("falsy", [], (value) => FALSY.includes(value));

/** VR-37: true, false, 1, 0, '1', '0' — and nothing else (not "true", not "yes"). */
export const booleanLike: Rule = predicateRule("booleanLike", [], (value) =>
  BOOLEAN_LIKE.includes(value),
);

/** VR-36: the value is an array (of anything, empty included). */
export const array: Rule = predicateRule("array", [], (value) => Array.isArray(value));
