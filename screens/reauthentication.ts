import type { ReauthenticationData } from "../schemas/types/reauthentication-screen-data.gen.ts";
import type { ScreenDefinition, ScreenForm } from "./screen-definition.ts";

/**
 * What a screen that guards a takeover (`reauthenticate: true`) shows while the member has not
 * proved who they are in the last 10 minutes (server/identity/reauthentication.ts): at
 * the same address, in place of its own forms, the member's way to prove it — the password, or a
 * code mailed to the current address (a button that sends it, then the code). Once it passes, the
 * page shows itself again and the member goes on. Not a screen of its own: it has no route, and
 * the screen loader (app/lib/screen-loader.server.ts) puts it in the guarded screen's place.
 */

export type { ReauthenticationData };

export const REAUTHENTICATION_SCREEN_DATA = "mypage/reauthentication";

const SUBMIT = { method: "POST", path: "/zapi/account/reauthenticate" } as const;
const SEND_CODE = { method: "POST", path: "/zapi/account/reauthenticate/send-code" } as const;

function formsFor(data: ReauthenticationData): { leadKey: string; forms: ScreenForm[] } {
  if (data.method === "Password") {
    return {
      leadKey: "mypage.reauthentication.passwordLead",
      forms: [
        {
          builder: "reauthenticationPassword",
          submit: SUBMIT,
          submitLabelKey: "mypage.reauthentication.submit",
          errors: { PASSWORD_INCORRECT: { field: "password" } },
        },
      ],
    };
  }
  if (data.method === "Email" && data.codeSent) {
    return {
      leadKey: "mypage.reauthentication.codeLead",
      forms: [
        {
          builder: "reauthenticationCode",
          submit: SUBMIT,
          retryAfterChangeOf: "pinCode",
          resend: { path: SEND_CODE.path },
          submitLabelKey: "mypage.reauthentication.submit",
          errors: { PIN_CODE_ERROR: { field: "pinCode" } },
        },
      ],
    };
  }
  if (data.method === "Email") {
    return {
      leadKey: "mypage.reauthentication.sendCodeLead",
      forms: [
        {
          builder: "reauthenticationSendCode",
          submit: SEND_CODE,
          submitLabelKey: "mypage.reauthentication.sendCode",
        },
      ],
    };
  }
  // Neither a password nor an address: nothing can prove it, and the page says so.
  return { leadKey: "mypage.reauthentication.unavailableLead", forms: [] };
}

/** The guarded screen as it shows while a re-authentication is needed. */
export function reauthenticationScreen(
  screen: ScreenDefinition,
  data: ReauthenticationData,
): ScreenDefinition {
  const { leadKey, forms } = formsFor(data);
  return {
    id: screen.id,
    paths: screen.paths,
    layout: screen.layout,
    access: screen.access,
    ...(screen.backTo ? { backTo: screen.backTo } : {}),
    titleKey: "mypage.reauthentication.title",
    leadKey,
    screenData: REAUTHENTICATION_SCREEN_DATA,
    forms,
    formRenderer: "plain",
  };
}
