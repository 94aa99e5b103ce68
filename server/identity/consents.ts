/**
 * The member's newsletter and privacy switches (spec §2 /mypage/consent, §3 Consent option). The
 * options come from the store settings; every change is a row of consent_choices with its time,
 * and the value in force is the latest row, else the option's default.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { ConsentOption } from "../../schemas/types/consent-option.gen.ts";
import type { ConsentState } from "../../schemas/types/mypage-screen-data.gen.ts";
import type { Db } from "../db/database.ts";
import { cachedRead } from "../db/read-cache.ts";
import { consentChoices } from "../db/schema.ts";
import type { StoreSettings } from "../store/validate-settings.ts";

export const CONSENT_TYPES = ["newsletter", "privacy"] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

type ConsentOptionSetting = NonNullable<NonNullable<StoreSettings["consentOptions"]>["newsletter"]>[number];

/** `?type=` as spec §2 reads it: privacy is privacy, anything else the newsletter. */
export function consentTypeOf(type: string | null | undefined): ConsentType {
  return type === "privacy" ? "privacy" : "newsletter";
}

/** Whether the store shows this type's page at all (features.isEnabledNewsletter / isEnabledPrivacy). */
export function isConsentTypeEnabled(settings: StoreSettings, type: ConsentType): boolean {
  return type === "privacy" ? settings.features.isEnabledPrivacy : settings.features.isEnabledNewsletter;
}

/** How many of a type's options are on, of how many the store shows (the /mypage rows' state). */
export type { ConsentState };

/** The state of each type the store shows, read in one query. */
export async function consentStates(
  db: Db,
  accountId: string,
  settings: StoreSettings,
): Promise<Partial<Record<ConsentType, ConsentState>>> {
  const types = CONSENT_TYPES.filter((type) => isConsentTypeEnabled(settings, type));
  const options = await consentOptionsFor(
    db,
    accountId,
    types.flatMap((type) => consentOptionsOf(settings, type)),
  );
  const valueById = new Map(options.map((option) => [option.consentOptionId, option.value]));
  return Object.fromEntries(
    types.map((type) => {
      const ofType = consentOptionsOf(settings, type);
      const on = ofType.filter((option) => valueById.get(option.consentOptionId) === true).length;
      return [type, { on, total: ofType.length }];
    }),
  );
}

/** The options of a type the store shows; none when the type is switched off. */
export function consentOptionsOf(settings: StoreSettings, type: ConsentType): ConsentOptionSetting[] {
  return isConsentTypeEnabled(settings, type) ? (settings.consentOptions?.[type] ?? []) : [];
}

/** The shown option with this id and key, or null (an unknown, retired or switched-off option). */
export function findConsentOption(
  settings: StoreSettings,
  consentOptionId: string,
  key: string,
): ConsentOptionSetting | null {
  for (const type of CONSENT_TYPES) {
    const option = consentOptionsOf(settings, type).find((item) => item.consentOptionId === consentOptionId);
    if (option) return option.key === key ? option : null;
  }
  return null;
}

/** The options with the member's value in force. */
export async function consentOptionsFor(
  db: Db,
  accountId: string,
  options: readonly ConsentOptionSetting[],
): Promise<ConsentOption[]> {
  const ids = options.map((option) => option.consentOptionId);
  const latest =
    ids.length === 0
      ? []
      : await cachedRead(db, `consent-choices:${accountId}:${JSON.stringify(ids)}`, [consentChoices], () =>
          db
            .selectDistinctOn([consentChoices.consentOptionId], {
              consentOptionId: consentChoices.consentOptionId,
              value: consentChoices.value,
            })
            .from(consentChoices)
            .where(and(eq(consentChoices.accountId, accountId), inArray(consentChoices.consentOptionId, ids)))
            .orderBy(consentChoices.consentOptionId, desc(consentChoices.changedAt), desc(consentChoices.id)),
        );
  const chosen = new Map(latest.map((row) => [row.consentOptionId, row.value]));
  return options.map(({ defaultValue, ...option }) => ({
    ...option,
    value: chosen.get(option.consentOptionId) ?? defaultValue,
  }));
}

/** Records one change of a switch. */
export async function recordConsentChoice(
  db: Db,
  input: { accountId: string; option: ConsentOptionSetting; value: boolean; now: Date },
): Promise<void> {
  await db.insert(consentChoices).values({
    accountId: input.accountId,
    consentOptionId: input.option.consentOptionId,
    key: input.option.key,
    value: input.value,
    changedAt: input.now,
  });
}
