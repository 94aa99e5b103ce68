import { Hono } from "hono";
import type { PolicyScreenData } from "../../schemas/types/policy-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { requestLanguage } from "../kit/validation.ts";
import { policyDocumentInForce } from "./policy-records.ts";

/**
 * /terms, /privacy and /policies/{policyId} (issue 25 §5): the policy's revision in force, in the
 * page's language, with the date it took effect. Anyone may read it.
 */
export const policiesScreenData = new Hono<ApiEnv>().get("/:policyId/screen-data", async (c) => {
  const { policies, now } = c.get("deps");
  const document = policyDocumentInForce(
    policies.current(),
    c.req.param("policyId"),
    now(),
    requestLanguage(c),
  );
  if (!document) throw await apiError(c, 404, "NOT_FOUND", "notFound");
  return c.json<PolicyScreenData>({ policy: document });
});
