/**
 * The console's configuration calls under /zapi/console (owners and the configuration role): the
 * store settings edited section by section into the staff member's draft, each save checked by the
 * section's form and then by the same validator the settings file is loaded with; the draft
 * published as the newest version or discarded; an old version published again (rollback).
 * What is published is in force in this process at once and in the others within seconds.
 */
import { type Context, Hono } from "hono";
import type { FieldError } from "../../schemas/form-definition.ts";
import {
  buildStoreSectionForm,
  isOptionalObjectSection,
  isStoreSectionId,
  STORE_SECTION_IDS,
  type StoreSectionId,
  sectionFieldOf,
  sectionValue,
  withSectionValue,
} from "../../schemas/forms/store-settings-sections.ts";
import type { ConsoleConfigChange } from "../../schemas/types/console-config-change.gen.ts";
import type { ConsolePreviewSettings } from "../../schemas/types/console-preview-settings.gen.ts";
import type { ConsolePublishRequest } from "../../schemas/types/console-publish-request.gen.ts";
import type { ConsoleRollbackRequest } from "../../schemas/types/console-rollback-request.gen.ts";
import type { ConsoleSettingsScreenData } from "../../schemas/types/console-settings-screen-data.gen.ts";
import type { ConsoleSettingsSectionScreenData } from "../../schemas/types/console-settings-section-screen-data.gen.ts";
import type { ConsoleVersionsScreenData } from "../../schemas/types/console-versions-screen-data.gen.ts";
import { ROOT_FIELD } from "../../schemas/validation-messages.ts";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "../kit/errors.ts";
import { apiError, apiMessage } from "../kit/messages.ts";
import { clientAddress } from "../kit/request-info.ts";
import { checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { readJsonBody, validateRequestData } from "../kit/validation.ts";
import { contentChanges, MAX_LISTED_CHANGES, shownValue } from "../store/config-diff.ts";
import {
  CONFIG_KINDS,
  type ConfigKind,
  configHistory,
  contentHash,
  isConfigKind,
  newestVersion,
  publishVersion,
  versionContent,
} from "../store/config-versions.ts";
import { parseStoreSettings, type StoreSettings, StoreSettingsError } from "../store/validate-settings.ts";
import { dropDraft, readDraft, saveDraft } from "./config-drafts.ts";
import { requireRole } from "./console-routes.ts";
import type { StaffMember } from "./staff.ts";

const EDITORS = ["owner", "configuration"] as const;

/** How many versions the history lists, newest first. */
const HISTORY_LENGTH = 50;

/** The kinds whose versions the console can publish; the others are read from their files alone. */
export const PUBLISHABLE_KINDS: readonly ConfigKind[] = ["store"];

/** Checks a configuration's content as its file loader would; throws StoreSettingsError. */
function validConfiguration(kind: ConfigKind, content: unknown): unknown {
  if (kind === "store") return parseStoreSettings(content, "the console's draft");
  throw new Error(`${kind} versions cannot be published yet`);
}

/** Changes as the screen data lists them: short JSON text, cut at the list's limit. */
export function listedChanges(
  before: unknown,
  after: unknown,
): {
  changes: ConsoleConfigChange[];
  changesCut: boolean;
} {
  const changes = contentChanges(before, after);
  return {
    changes: changes.map(({ path, before: left, after: right }) => ({
      path,
      before: shownValue(left),
      after: shownValue(right),
    })),
    changesCut: changes.length >= MAX_LISTED_CHANGES,
  };
}

function isRemoval(section: StoreSectionId, body: unknown): boolean {
  return (
    isOptionalObjectSection(section) &&
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 0
  );
}

function sectionParam(section: string | undefined): StoreSectionId | null {
  return isStoreSectionId(section) ? section : null;
}

async function inForceNumber(c: Context<ApiEnv>, kind: ConfigKind): Promise<number> {
  return (await newestVersion(c.get("deps").db, kind))?.number ?? 0;
}

/** The settings a new edit starts from: the draft's, else those in force. */
async function editedSettings(
  c: Context<ApiEnv>,
  me: StaffMember,
): Promise<{ settings: StoreSettings; baseNumber: number; fromDraft: boolean }> {
  const { db, store } = c.get("deps");
  const draft = await readDraft(db, "store", me.id);
  if (draft)
    return { settings: draft.content as StoreSettings, baseNumber: draft.baseNumber, fromDraft: true };
  return {
    settings: store.current().settings,
    baseNumber: await inForceNumber(c, "store"),
    fromDraft: false,
  };
}

async function refreshInForce(c: Context<ApiEnv>): Promise<void> {
  await c.get("deps").configurations?.refresh();
}

/** 409 with the reason: nothing to publish, a stale draft, a version already in force. */
function conflict(c: Context<ApiEnv>, code: string, key: string): Promise<ApiError> {
  return apiError(c, 409, code, key);
}

export const settingsRoutes = new Hono<ApiEnv>()
  .get("/versions/screen-data", async (c) => {
    await requireRole(c, EDITORS);
    const kind = c.req.query("kind") ?? "store";
    if (!isConfigKind(kind)) throw await apiError(c, 404, "VERSION_NOT_FOUND", "console.versionNotFound");
    const { db } = c.get("deps");
    const versions = await configHistory(db, kind, HISTORY_LENGTH);
    // The version before the oldest listed, for what the oldest changed.
    const oldest = versions.at(-1);
    const before =
      oldest && oldest.number > 1 ? await versionContent(db, kind, oldest.number - 1) : undefined;
    return c.json<ConsoleVersionsScreenData>({
      kind,
      kinds: [...CONFIG_KINDS],
      canRollback: PUBLISHABLE_KINDS.includes(kind),
      versions: versions.map(({ number, source, staffEmail, note, createdAt, content }, index) => ({
        number,
        source,
        staffEmail,
        note,
        createdAt: createdAt.toISOString(),
        inForce: index === 0,
        // The first version changed nothing: it is where the history starts.
        ...(number === 1
          ? { changes: [], changesCut: false }
          : listedChanges(versions[index + 1]?.content ?? before, content)),
      })),
    });
  })
  .get("/settings/store/screen-data", async (c) => {
    const me = await requireRole(c, EDITORS);
    const { db, store } = c.get("deps");
    const draft = await readDraft(db, "store", me.id);
    const number = await inForceNumber(c, "store");
    return c.json<ConsoleSettingsScreenData>({
      sections: [...STORE_SECTION_IDS],
      inForceNumber: number,
      draft: draft && {
        baseNumber: draft.baseNumber,
        updatedAt: draft.updatedAt.toISOString(),
        stale: draft.baseNumber !== number,
        ...listedChanges(store.current().settings, draft.content),
      },
    });
  })
  .get("/settings/store/preview-data", async (c) => {
    const me = await requireRole(c, EDITORS);
    const { db, store } = c.get("deps");
    const draft = c.req.query("of") === "inForce" ? null : await readDraft(db, "store", me.id);
    const settings = (draft?.content as StoreSettings | undefined) ?? store.current().settings;
    return c.json<ConsolePreviewSettings>({
      settings,
      version: draft ? `draft-${contentHash(draft.content).slice(0, 16)}` : store.current().version,
    });
  })
  .get("/settings/store/:section/screen-data", async (c) => {
    const me = await requireRole(c, EDITORS);
    const section = sectionParam(c.req.param("section"));
    if (!section) throw await apiError(c, 404, "SECTION_NOT_FOUND", "console.sectionNotFound");
    const { settings, fromDraft } = await editedSettings(c, me);
    return c.json<ConsoleSettingsSectionScreenData>({
      section,
      value: sectionValue(settings, section),
      fromDraft,
    });
  })
  .post("/settings/store/publish", async (c) => {
    const me = await requireRole(c, EDITORS);
    const body = await checkRequest<ConsolePublishRequest>(
      c,
      REQUEST_SCHEMAS.consolePublish,
      await readJsonBody(c),
    );
    const { db, now } = c.get("deps");
    const draft = await readDraft(db, "store", me.id);
    if (!draft) throw await conflict(c, "NO_DRAFT", "console.noDraft");
    if (draft.baseNumber !== (await inForceNumber(c, "store"))) {
      throw await conflict(c, "DRAFT_STALE", "console.draftStale");
    }
    const content = validConfiguration("store", draft.content);
    const number = await publishVersion(db, "store", content, {
      staffId: me.id,
      ip: clientAddress(c),
      note: body.note.trim(),
      now: now(),
    });
    await dropDraft(db, "store", me.id);
    if (number === null) throw await conflict(c, "NOTHING_TO_PUBLISH", "console.nothingToPublish");
    await refreshInForce(c);
    return c.json({ number, redirectTo: "/console/versions?kind=store" });
  })
  .post("/settings/store/discard", async (c) => {
    const me = await requireRole(c, EDITORS);
    await checkRequest(c, REQUEST_SCHEMAS.empty, await readJsonBody(c));
    await dropDraft(c.get("deps").db, "store", me.id);
    return c.json({ redirectTo: "/console/settings/store" });
  })
  // After publish and discard: a section is any other name.
  .post("/settings/store/:section", async (c) => {
    const me = await requireRole(c, EDITORS);
    const section = sectionParam(c.req.param("section"));
    if (!section) throw await apiError(c, 404, "SECTION_NOT_FOUND", "console.sectionNotFound");
    const body = await readJsonBody(c);
    // An optional object section sent empty removes the setting (withSectionValue); nothing to check.
    const value = isRemoval(section, body)
      ? {}
      : await validateRequestData(c, buildStoreSectionForm(section), body);
    const { settings, baseNumber } = await editedSettings(c, me);
    const next = withSectionValue(settings, section, value);
    try {
      parseStoreSettings(next, "the console's draft");
    } catch (error) {
      if (!(error instanceof StoreSettingsError)) throw error;
      const errors: FieldError[] = error.problems.map(
        (problem) => sectionFieldOf(section, problem) ?? { field: ROOT_FIELD, message: problem },
      );
      throw new ApiError(400, "VALIDATION_ERROR", await apiMessage(c, "console.draftInvalid"), { errors });
    }
    const { db, now } = c.get("deps");
    await saveDraft(db, "store", me.id, next, baseNumber, now());
    return c.json({ redirectTo: "/console/settings/store" });
  })
  .post("/versions/:kind/:number/rollback", async (c) => {
    const me = await requireRole(c, EDITORS);
    const body = await checkRequest<ConsoleRollbackRequest>(
      c,
      REQUEST_SCHEMAS.consoleRollback,
      await readJsonBody(c),
    );
    const kind = c.req.param("kind") as ConfigKind;
    const number = Number(c.req.param("number"));
    const { db, now } = c.get("deps");
    const content =
      PUBLISHABLE_KINDS.includes(kind) && Number.isSafeInteger(number) && number > 0
        ? await versionContent(db, kind, number)
        : undefined;
    if (content === undefined) throw await apiError(c, 404, "VERSION_NOT_FOUND", "console.versionNotFound");
    let valid: unknown;
    try {
      valid = validConfiguration(kind, content);
    } catch (error) {
      if (!(error instanceof StoreSettingsError)) throw error;
      throw await conflict(c, "VERSION_INVALID", "console.versionInvalid");
    }
    const published = await publishVersion(db, kind, valid, {
      staffId: me.id,
      ip: clientAddress(c),
      note: body.note.trim(),
      now: now(),
      rollbackOf: number,
    });
    if (published === null) throw await conflict(c, "ALREADY_IN_FORCE", "console.alreadyInForce");
    await refreshInForce(c);
    return c.json({ number: published, redirectTo: `/console/versions?kind=${kind}` });
  });
