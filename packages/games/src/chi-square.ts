// Pearson's chi-square goodness-of-fit test with its p-value. The upper tail of the chi-square
// distribution is the regularized upper incomplete gamma function Q(df/2, x/2), computed here
// (series below a + 1, Lentz's continued fraction above, as in Numerical Recipes §6.2) rather
// than pulling in @stdlib's chisquare-cdf, which brings 211 packages.

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905,
  -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = 0.9999999999998099;
  const t = z + 7.5;
  LANCZOS.forEach((c, i) => {
    a += c / (z + i + 1);
  });
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-15;
const MAX_ITERATIONS = 1_000_000;

/** Regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a). */
export function gammaQ(a: number, x: number): number {
  if (a <= 0 || x < 0 || Number.isNaN(x)) throw new RangeError("gammaQ needs a > 0, x ≥ 0");
  if (x === 0) return 1;
  const logPrefix = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    // P(a, x) by its series, Q = 1 − P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Q(a, x) by its continued fraction (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** P(X ≥ x) for X chi-square with `df` degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

export interface ChiSquareResult {
  readonly statistic: number;
  readonly df: number;
  readonly pValue: number;
}

/**
 * Observed counts against expected probabilities (which sum to 1). Degrees of freedom: cells − 1
 * (nothing is estimated from the data). Cells should expect at least 5 observations.
 */
export function chiSquareTest(
  observed: ArrayLike<number>,
  probabilities: readonly number[],
): ChiSquareResult {
  if (observed.length !== probabilities.length) throw new RangeError("cell counts differ");
  let n = 0;
  for (let i = 0; i < observed.length; i++) n += observed[i]!;
  let statistic = 0;
  for (let i = 0; i < observed.length; i++) {
    const expected = n * probabilities[i]!;
    statistic += (observed[i]! - expected) ** 2 / expected;
  }
  const df = observed.length - 1;
  return { statistic, df, pValue: chiSquareSurvival(statistic, df) };
}

/** Independent tests combined: statistics and degrees of freedom add. */
export function combineChiSquare(results: readonly ChiSquareResult[]): ChiSquareResult {
  const statistic = results.reduce((s, r) => s + r.statistic, 0);
  const df = results.reduce((s, r) => s + r.df, 0);
  return { statistic, df, pValue: chiSquareSurvival(statistic, df) };
}
