/** The connected apps' page bodies (routes/mypage-connections.tsx). */
import { ConnectedApp, ConnectedApps } from "../../connections/connected-apps.tsx";
import type { ScreenContents } from "../screen-view.tsx";

export const CONNECTIONS_CONTENTS = {
  connectedApps: ConnectedApps,
  connectedApp: ConnectedApp,
} as const satisfies ScreenContents;
