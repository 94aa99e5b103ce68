/**
 * The console's member calls under /zapi/console, for support, finance and owners: finding a
 * member. Every search is written to the audit trail (who looked for whom).
 */
import { Hono } from "hono";
import type { ConsoleMembersScreenData } from "../../schemas/types/console-members-screen-data.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { clientAddress } from "../kit/request-info.ts";
import { requireRole } from "./console-routes.ts";
import { MEMBER_SEARCH_LIMIT, memberQueryKind, searchMembers } from "./member-search.ts";
import { recordAudit } from "./staff.ts";

/** Who may look members up. */
export const MEMBER_READERS = ["owner", "support", "finance"] as const;

/** The longest query taken: longer ones are cut (an address is at most 254 characters). */
const MAX_QUERY_LENGTH = 254;

export const memberRoutes = new Hono<ApiEnv>().get("/members/screen-data", async (c) => {
  const me = await requireRole(c, MEMBER_READERS);
  const query = (c.req.query("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  if (!query) return c.json<ConsoleMembersScreenData>({ query, kind: null, members: [], more: false });
  const { db, now } = c.get("deps");
  const found = await searchMembers(db, query, me.role);
  const kind = memberQueryKind(query);
  await recordAudit(
    db,
    { staffId: me.id, ip: clientAddress(c) },
    "member.searched",
    { query, kind, found: Math.min(found.length, MEMBER_SEARCH_LIMIT) },
    now(),
  );
  return c.json<ConsoleMembersScreenData>({
    query,
    kind,
    members: found.slice(0, MEMBER_SEARCH_LIMIT),
    more: found.length > MEMBER_SEARCH_LIMIT,
  });
});
