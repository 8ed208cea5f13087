/**
 * Periodic internal rate of return of a series of cash flows at (not necessarily integral)
 * times: the `r` of reg 100(3) NCCP Regulations,
 *   Σ A_j/(1+r)^j = Σ (R_j + C_j)/(1+r)^j.
 * Newton's method, safeguarded by bisection inside a bracket that always holds the root.
 */

export interface CashFlow {
  /** Time in repayment intervals since the credit was provided (j). */
  readonly time: number;
  /** Positive: credit provided to the debtor. Negative: repayments and fees paid by the debtor. */
  readonly amount: number;
}

function npv(flows: readonly CashFlow[], rate: number): { value: number; slope: number } {
  let value = 0;
  let slope = 0;
  for (const { time, amount } of flows) {
    const discount = Math.pow(1 + rate, -time);
    value += amount * discount;
    slope += (-time * amount * discount) / (1 + rate);
  }
  return { value, slope };
}

/**
 * The periodic rate r at which the flows' present value is 0. Throws when the flows have no
 * rate in (-0.5, hi] with a sign change (e.g. all flows of one sign).
 */
export function solveRate(flows: readonly CashFlow[], guess = 0.01): number {
  let lo = -0.5;
  let hi = 1;
  let fLo = npv(flows, lo).value;
  let fHi = npv(flows, hi).value;
  for (let i = 0; i < 60 && Math.sign(fLo) === Math.sign(fHi) && fHi !== 0; i++) {
    hi *= 2;
    fHi = npv(flows, hi).value;
  }
  if (fLo === 0) return lo;
  if (fHi === 0) return hi;
  if (Math.sign(fLo) === Math.sign(fHi)) throw new RangeError("The cash flows have no internal rate of return");

  let rate = guess > lo && guess < hi ? guess : (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const { value, slope } = npv(flows, rate);
    if (value === 0) return rate;
    // Keep the bracket around the root.
    if (Math.sign(value) === Math.sign(fLo)) {
      lo = rate;
      fLo = value;
    } else {
      hi = rate;
      fHi = value;
    }
    let next = slope !== 0 ? rate - value / slope : Number.NaN;
    // Newton step leaves the bracket or does not exist: bisect instead.
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - rate) <= 1e-15 * Math.max(1, Math.abs(rate))) return next;
    rate = next;
  }
  return rate;
}
