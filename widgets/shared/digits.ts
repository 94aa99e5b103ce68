/** Half-width digits only: NFKC first, so full-width "０９０" typed with an IME counts too. */
export function digitsOnly(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  return text.normalize("NFKC").replace(/\D/g, "").slice(0, maxLength);
}
