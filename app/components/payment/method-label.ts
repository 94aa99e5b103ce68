/** How a saved method is named to its member: a card as "Visa 末尾 4242", another type by its name. */

import type { Translate } from "../../../locales/i18n.ts";
import { CARD_BRAND_NAMES } from "../../../schemas/card.ts";
import type { AccountPaymentMethod } from "../../../schemas/types/payment-method.gen.ts";

export function methodLabel(method: AccountPaymentMethod, t: Translate): string {
  const card = method.SbpsCreditInfo;
  if (!card) return t(`field.paymentMethodTypes.${method.paymentMethodType}`);
  const brand = card.cardbrandCode === "Unknown" ? null : CARD_BRAND_NAMES[card.cardbrandCode];
  return brand
    ? t("mypage.paymentMethodPage.cardLabel", { brand, last4: card.cardNumberSuffix })
    : t("mypage.paymentMethodPage.cardLabelUnknown", { last4: card.cardNumberSuffix });
}
