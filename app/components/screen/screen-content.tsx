/**
 * The named page bodies a screen definition may ask for (`content`): pages whose controls each
 * make a call of their own instead of submitting a form, drawn from the screen data.
 */
import type { ScreenContentName } from "../../../screens/screen-definition.ts";
import { ConsentSwitches } from "../consent/consent-switches.tsx";

const CONTENTS: Record<ScreenContentName, typeof ConsentSwitches> = {
  consentSwitches: ConsentSwitches,
};

export function ScreenContent({
  name,
  screenData,
}: {
  name: ScreenContentName;
  screenData: Readonly<Record<string, unknown>>;
}) {
  const Content = CONTENTS[name];
  return <Content screenData={screenData} />;
}
