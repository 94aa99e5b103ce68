/** The signed-in devices' page body (routes/mypage-devices.tsx). */
import { DeviceList } from "../../devices/device-list.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const DEVICE_CONTENTS = {
  deviceList: DeviceList,
} as const satisfies ScreenContents;
