import { describe, expect, it } from "vitest";
import { translatorFor } from "../../locales/language.ts";
import { cardTokenErrorMessage } from "./card-token.ts";

describe("cardTokenErrorMessage (spec §8 Card token errors)", () => {
  it("builds every kind × item message in Japanese and English", async () => {
    const ja = await translatorFor("ja");
    const en = await translatorFor("en");
    const items = {
      "001": "マーチャントID",
      "002": "サービスID",
      "003": "カード番号",
      "004": "有効期限",
      "005": "セキュリティコード",
    };
    for (const [item, name] of Object.entries(items)) {
      expect(cardTokenErrorMessage(`03${item}`, ja)).toBe(`${name}を入力してください。`);
      expect(cardTokenErrorMessage(`04${item}`, ja)).toBe(`${name}の形式が正しくありません。`);
      expect(cardTokenErrorMessage(`05${item}`, ja)).toBe(`${name}の桁数が正しくありません。`);
      expect(cardTokenErrorMessage(`07${item}`, ja)).toBe(`${name}が正しくありません。`);
    }
    expect(cardTokenErrorMessage("03003", en)).toBe("Enter the card number.");
    expect(cardTokenErrorMessage("05005", en)).toBe("The security code has the wrong number of digits.");
    expect(cardTokenErrorMessage("07004", en)).toBe("The expiry date is not valid.");
  });

  it("says クレジットカードの登録に失敗しました for a system error, the item 'none', or anything else", async () => {
    const ja = await translatorFor("ja");
    for (const code of ["99006", "99003", "03006", "06003", "0300", "030031", "", null, undefined, 3003]) {
      expect(cardTokenErrorMessage(code, ja), String(code)).toBe("クレジットカードの登録に失敗しました");
    }
    expect(cardTokenErrorMessage("99006", await translatorFor("en"))).toBe(
      "We could not register your credit card.",
    );
  });
});
