/**
 * The API client (app/lib/api-client.ts) for calls made on a member's action — a resend, a postal
 * search, the menu's first opening — loaded when the first of them is made, so that no page loads
 * it with itself (issue 28: most pages never make one).
 */
import type { ApiRequest } from "../../widgets/form-context.ts";

export const loadApiClient = () => import("./api-client.ts");

/** The forms' helper for calls that do not navigate, loading the client on the first call. */
export const requestOnDemand: ApiRequest = async (path, init) =>
  (await loadApiClient()).apiRequest(path, init);
