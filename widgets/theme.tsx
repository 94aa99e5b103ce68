import type { RegistryWidgetsType, TemplatesType } from "@rjsf/utils";
import type { WidgetName } from "../schemas/form-definition.ts";
import { BirthdayWidget } from "./birthday/birthday-widget.tsx";
import {
  CardExpiryMonthWidget,
  CardExpiryYearWidget,
  CardNumberWidget,
  SecurityCodeWidget,
} from "./card/card-widgets.tsx";
import { CheckboxGroupWidget } from "./checkbox-group/checkbox-group-widget.tsx";
import { CheckboxWidget, RadioWidget, SelectWidget } from "./choice/choice-widgets.tsx";
import { KanaWidget } from "./kana/kana-widget.tsx";
import { NewPasswordWidget, PasswordWidget } from "./password/password-widget.tsx";
import { PaymentMethodTypeWidget } from "./payment-method-type/payment-method-type-widget.tsx";
import { PhoneWidget } from "./phone/phone-widget.tsx";
import { PinCodeWidget } from "./pin-code/pin-code-widget.tsx";
import { PolicyScrollWidget } from "./policy-scroll/policy-scroll-widget.tsx";
import { PostalCodeWidget } from "./postal-code/postal-code-widget.tsx";
import { PrefectureWidget } from "./prefecture/prefecture-widget.tsx";
import { PurchasePaymentWidget } from "./purchase-payment/purchase-payment-widget.tsx";
import { ArrayFieldTemplate } from "./templates/array-field-template.tsx";
import { BaseInputTemplate } from "./templates/base-input-template.tsx";
import {
  AddButton,
  ClearButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
  SubmitButton,
} from "./templates/button-templates.tsx";
import { DescriptionFieldTemplate, TitleFieldTemplate } from "./templates/description-and-title.tsx";
import { ErrorListTemplate } from "./templates/error-list-template.tsx";
import { FieldTemplate } from "./templates/field-template.tsx";
import { ObjectFieldTemplate } from "./templates/object-field-template.tsx";
import { EmailWidget, HiddenWidget, TextareaWidget, TextWidget } from "./text/text-widgets.tsx";
import { UserIdWidget } from "./user-id/user-id-widget.tsx";

/**
 * Every widget a uiSchema may name (`"ui:widget": "postalCode"`). Typed by the contract's list, so
 * a name added there without a widget here fails to compile. rjsf looks a name up here before its
 * own, so its defaults by schema type ("text", "select", "checkbox") also land on ours.
 */
const namedWidgets: Record<WidgetName, RegistryWidgetsType[string]> = {
  text: TextWidget,
  textarea: TextareaWidget,
  email: EmailWidget,
  password: PasswordWidget,
  newPassword: NewPasswordWidget,
  kana: KanaWidget,
  phone: PhoneWidget,
  postalCode: PostalCodeWidget,
  prefecture: PrefectureWidget,
  birthday: BirthdayWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  checkboxGroup: CheckboxGroupWidget,
  pinCode: PinCodeWidget,
  cardNumber: CardNumberWidget,
  cardExpiryMonth: CardExpiryMonthWidget,
  cardExpiryYear: CardExpiryYearWidget,
  securityCode: SecurityCodeWidget,
  policyScroll: PolicyScrollWidget,
  userId: UserIdWidget,
  paymentMethodType: PaymentMethodTypeWidget,
  purchasePayment: PurchasePaymentWidget,
  hidden: HiddenWidget,
};

export const widgets: RegistryWidgetsType = { ...namedWidgets, checkboxes: CheckboxGroupWidget };

export const templates: Partial<Omit<TemplatesType, "ButtonTemplates">> & {
  ButtonTemplates: Partial<TemplatesType["ButtonTemplates"]>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ErrorListTemplate,
  BaseInputTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ButtonTemplates: {
    SubmitButton,
    AddButton,
    RemoveButton,
    MoveUpButton,
    MoveDownButton,
    CopyButton,
    ClearButton,
  },
};

/** Our rjsf theme: pass both to @rjsf/core's Form (SchemaForm does). */
export const theme = { templates, widgets };
