/**
 * Exact decimal arithmetic for money, on BigInt.
 *
 * A JS number is read as the decimal it prints as (its shortest round-trip representation,
 * `String(x)`), the same thing Python's `Decimal(repr(x))` does. From there everything is
 * integer or rational arithmetic, so a value that is exactly half a cent is seen as exactly
 * half a cent (1.005 → 1.01, 500.005 → 500.01) and 369.33499994 stays below the half.
 */

export interface Fraction {
  readonly num: bigint;
  /** Always > 0. */
  readonly den: bigint;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** The decimal a finite number prints as, as an exact fraction (8.99 → 899/100). */
export function decimalFraction(x: number): Fraction {
  if (!Number.isFinite(x)) throw new RangeError(`Not a finite number: ${x}`);
  const match = DECIMAL.exec(String(x));
  if (!match) throw new RangeError(`Cannot read ${x} as a decimal`);
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  const digits = BigInt(whole + fraction) * (sign === "-" ? -1n : 1n);
  const scale = fraction.length - Number(exponent);
  return scale >= 0 ? { num: digits, den: 10n ** BigInt(scale) } : { num: digits * 10n ** BigInt(-scale), den: 1n };
}

/** num/den rounded to an integer, halves away from zero (ROUND_HALF_UP). den must be > 0. */
export function roundHalfUpDiv(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RangeError("Denominator must be positive");
  // BigInt division truncates towards zero, i.e. it is floor() for non-negative operands.
  if (num >= 0n) return (2n * num + den) / (2n * den);
  return -((-2n * num + den) / (2n * den));
}

/** A dollar amount as whole cents, half-up (12.345 → 1235n). */
export function toCents(amount: number): bigint {
  const { num, den } = decimalFraction(amount);
  return roundHalfUpDiv(num * 100n, den);
}

/** Whole cents back to dollars (19587n → 195.87, the double nearest the decimal). */
export function fromCents(cents: bigint): number {
  return Number(cents) / 100;
}

/** Rounds the decimal a number prints as, half-up, to `decimals` places (1.005 → 1.01). */
export function roundHalfUp(x: number, decimals = 2): number {
  const { num, den } = decimalFraction(x);
  const scale = 10n ** BigInt(decimals);
  return Number(roundHalfUpDiv(num * scale, den)) / Number(scale);
}

/** A fraction as the nearest double (works for huge numerators and denominators). */
export function fractionToNumber({ num, den }: Fraction): number {
  const SCALE = 10n ** 18n;
  const whole = num / den;
  const rest = ((num % den) * SCALE) / den;
  return Number(whole) + Number(rest) / Number(SCALE);
}

/** True when the number has at most `decimals` decimal places as printed (12.34 yes, 12.345 no). */
export function hasAtMostDecimals(x: number, decimals = 2): boolean {
  if (!Number.isFinite(x)) return false;
  const { num, den } = decimalFraction(x);
  return (num * 10n ** BigInt(decimals)) % den === 0n;
}
