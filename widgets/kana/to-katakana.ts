const HIRAGANA = /[\u3041-\u3096\u309D\u309E]/g;
/** Katakana sits 0x60 code points after hiragana, iteration marks (ゝゞ → ヽヾ) included. */
const HIRAGANA_TO_KATAKANA = 0x60;

/**
 * Full-width katakana for a kana field (spec §5: 全角カタカナ): hiragana becomes katakana and
 * half-width katakana becomes full width (NFKC also joins ｶﾞ into ガ).
 */
export function toKatakana(text: string): string {
  return text
    .normalize("NFKC")
    .replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + HIRAGANA_TO_KATAKANA));
}
