/**
 * The registration number of a qualified invoice issuer (適格請求書発行事業者登録番号, 消費税法
 * 57条の2): "T" and 13 digits. For a corporation the digits are its 法人番号, whose first digit
 * checks the other twelve (法人番号の指定等に関する省令 第2条): with P(n) the n-th of the twelve
 * counted from the right, and Q(n) 1 for odd n and 2 for even n, the check digit is
 * 9 − (Σ P(n)·Q(n) mod 9). The national tax agency's own number, 7000012050002, checks.
 */
const FORMAT = /^T[0-9]{13}$/;

/** The check digit of a 法人番号's twelve base digits. */
export function corporateNumberCheckDigit(base: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n++) {
    const digit = Number(base[base.length - n]);
    sum += digit * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/** Whether `value` is "T" and 13 digits whose first checks the rest. */
export function isInvoiceRegistrationNumber(value: string): boolean {
  if (!FORMAT.test(value)) return false;
  const digits = value.slice(1);
  return Number(digits[0]) === corporateNumberCheckDigit(digits.slice(1));
}
