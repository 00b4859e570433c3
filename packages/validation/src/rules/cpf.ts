import { isValidCpf } from "../cpf";
import { predicateRule, type Rule } from "../rule";

/** VR-12..VR-14: a valid Brazilian CPF number (see cpf.ts). */
export const cpf: Rule = predicateRule("cpf", [], (value) => isValidCpf(value));
