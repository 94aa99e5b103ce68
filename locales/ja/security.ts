import devices from "./devices.json" with { type: "json" };
import passkeys from "./passkeys.json" with { type: "json" };

/** My page's security pages of their own: the passkeys and the signed-in devices. */
export const files = { passkeys, devices };

export default Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
