/**
 * Finding a member for support and finance (owners too): by e-mail (exact or its beginning), user
 * ID, customer id (the account's public id), phone number, or kana name. What a result shows is
 * enough to tell people apart and no more; finance sees e-mail addresses masked.
 */
import { desc, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { accounts } from "../db/schema.ts";
import type { StaffRole } from "./staff.ts";

export type MemberQueryKind = "email" | "phone" | "kana" | "id";

/** At most this many results: a search that finds more says so and asks for a narrower one. */
export const MEMBER_SEARCH_LIMIT = 50;

const PHONE = /^[0-9+\-() ]+$/;
const KANA = /^[\p{Script=Katakana}\p{Script=Hiragana}ー・\s\u3000]+$/u;

/** What the query looks like: an address, a phone number, a kana name, or an id. */
export function memberQueryKind(query: string): MemberQueryKind {
  if (query.includes("@")) return "email";
  if (PHONE.test(query) && query.replace(/\D/g, "").length >= 6) return "phone";
  if (KANA.test(query)) return "kana";
  return "id";
}

/** Hiragana as katakana, spaces removed: names are kept in full-width katakana. */
export function katakanaOf(text: string): string {
  return text
    .replace(/[\s\u3000]/g, "")
    .replace(/[\u3041-\u3096]/g, (character) => String.fromCharCode((character.codePointAt(0) ?? 0) + 0x60));
}

/** `text` as a LIKE pattern matching what begins with it, its own % and _ taken literally. */
function beginsWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function conditionOf(kind: MemberQueryKind, query: string): SQL {
  switch (kind) {
    case "email": {
      const pattern = beginsWith(query.toLowerCase());
      return or(
        sql`${accounts.email} like ${pattern}`,
        sql`lower(${accounts.contactEmail}) like ${pattern}`,
      ) as SQL;
    }
    case "phone":
      return sql`regexp_replace(coalesce(${accounts.phoneNumber}, ''), '[^0-9]', '', 'g') = ${query.replace(/\D/g, "")}`;
    case "kana": {
      const pattern = beginsWith(katakanaOf(query));
      return or(
        sql`coalesce(${accounts.familyNameKana}, '') || coalesce(${accounts.givenNameKana}, '') like ${pattern}`,
        sql`replace(replace(coalesce(${accounts.nameKana}, ''), ' ', ''), '　', '') like ${pattern}`,
      ) as SQL;
    }
    case "id":
      return or(
        sql`lower(${accounts.userId}) = ${query.toLowerCase()}`,
        sql`${accounts.publicId} = ${query}`,
        sql`${accounts.email} like ${beginsWith(query.toLowerCase())}`,
      ) as SQL;
  }
}

/** An address with its local part hidden but its first character: enough to match a caller's. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export interface MemberFound {
  publicId: string;
  email: string | null;
  userId: string | null;
  name: string | null;
  kana: string | null;
  emailVerified: boolean;
  loginProhibited: boolean;
  createdAt: string;
}

/** The members the query finds, newest first, at most MEMBER_SEARCH_LIMIT + 1 (to say there are more). */
export async function searchMembers(db: Db, query: string, role: StaffRole): Promise<MemberFound[]> {
  const kind = memberQueryKind(query);
  const rows = await db
    .select()
    .from(accounts)
    .where(conditionOf(kind, query))
    .orderBy(desc(accounts.createdAt))
    .limit(MEMBER_SEARCH_LIMIT + 1);
  return rows.map((row) => {
    const email = row.email ?? row.contactEmail;
    const fullName = [row.familyName, row.givenName].filter(Boolean).join(" ") || row.name;
    const kana = [row.familyNameKana, row.givenNameKana].filter(Boolean).join(" ") || row.nameKana;
    return {
      publicId: row.publicId,
      email: email && (role === "finance" ? maskedEmail(email) : email),
      userId: row.userId,
      name: fullName || null,
      kana: kana || null,
      emailVerified: row.emailVerifiedAt !== null,
      loginProhibited: row.loginProhibitedAt !== null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
