/** The page bodies of /mypage/payment-method (routes/mypage-payment-method.tsx). */
import { SavedPaymentMethods } from "../../payment/saved-payment-methods.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const PAYMENT_METHOD_CONTENTS = {
  savedPaymentMethods: SavedPaymentMethods,
} as const satisfies ScreenContents;
