/**
 * How a saved method is named to its member: a card as "Visa 末尾 4242", another type by its name
 * with the account the provider told of ("PayPal（b***@example.com）"). The pages and the API's
 * purchase form name it alike.
 */

import type { Translate } from "../locales/i18n.ts";
import { CARD_BRAND_NAMES } from "./card.ts";
import type { AccountPaymentMethod } from "./types/payment-method.gen.ts";

export function methodLabel(method: AccountPaymentMethod, t: Translate): string {
  const card = method.SbpsCreditInfo;
  if (!card) {
    const name = t(`field.paymentMethodTypes.${method.paymentMethodType}`);
    return method.accountLabel
      ? t("mypage.paymentMethodPage.accountLabel", { name, account: method.accountLabel })
      : name;
  }
  const brand = card.cardbrandCode === "Unknown" ? null : CARD_BRAND_NAMES[card.cardbrandCode];
  return brand
    ? t("mypage.paymentMethodPage.cardLabel", { brand, last4: card.cardNumberSuffix })
    : t("mypage.paymentMethodPage.cardLabelUnknown", { last4: card.cardNumberSuffix });
}
