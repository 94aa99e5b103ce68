/**
 * The console's configuration calls under /zapi/console (owners and the configuration role): a
 * configuration (the store settings, the plans, the campaign codes: editable-configurations.ts)
 * edited section by section into the staff member's draft, each save checked by the section's form
 * and then by the same check the configuration's file gets; the draft published as the newest
 * version or discarded; an old version published again (rollback). What is published is in force
 * in this process at once and in the others within seconds.
 */
import { type Context, Hono } from "hono";
import type { Translate } from "../../locales/i18n.ts";
import { translatorFor } from "../../locales/language.ts";
import { PREVIEW_SCREENS_OF } from "../../schemas/console-preview-screens.ts";
import type { FieldError } from "../../schemas/form-definition.ts";
import type { ConsoleAssetRequest } from "../../schemas/types/console-asset-request.gen.ts";
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
import { readJsonBody, requestLanguage, validateRequestData } from "../kit/validation.ts";
import { OidcClientsError } from "../oidc/client-source.ts";
import { CatalogueError } from "../store/catalogue-source.ts";
import { contentChanges, MAX_LISTED_CHANGES, shownValue } from "../store/config-diff.ts";
import type { ConfigProblem } from "../store/config-problems.ts";
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
import type { StoreSettings } from "../store/validate-settings.ts";
import { MAX_ASSET_BYTES, storeAsset } from "./config-assets.ts";
import { dropDraft, readDraft, saveDraft } from "./config-drafts.ts";
import { requireRole } from "./console-routes.ts";
import {
  ConfigurationProblems,
  type EditableConfiguration,
  editableConfiguration,
} from "./editable-configurations.ts";
import type { StaffMember } from "./staff.ts";

const EDITORS = ["owner", "configuration"] as const;

/** How many versions the history lists, newest first. */
const HISTORY_LENGTH = 50;

/** Changes as the screen data lists them: short JSON text, cut at the list's limit. */
export function listedChanges(
  before: unknown,
  after: unknown,
): { changes: ConsoleConfigChange[]; changesCut: boolean } {
  const changes = contentChanges(before, after);
  return {
    changes: changes.map(({ path, before: left, after: right }) => ({
      path,
      before: shownValue(left, path),
      after: shownValue(right, path),
    })),
    changesCut: changes.length >= MAX_LISTED_CHANGES,
  };
}

async function inForceNumber(c: Context<ApiEnv>, kind: ConfigKind): Promise<number> {
  return (await newestVersion(c.get("deps").db, kind))?.number ?? 0;
}

/** The configuration the path names, or 404. */
async function editedKind(c: Context<ApiEnv>): Promise<EditableConfiguration> {
  const editable = editableConfiguration(c.req.param("kind"));
  if (!editable) throw await apiError(c, 404, "SECTION_NOT_FOUND", "console.sectionNotFound");
  return editable;
}

/** The configuration and section the path names, or 404. */
async function editedSection(c: Context<ApiEnv>): Promise<[EditableConfiguration, string]> {
  const editable = await editedKind(c);
  const section = c.req.param("section") ?? "";
  if (!editable.isSection(section))
    throw await apiError(c, 404, "SECTION_NOT_FOUND", "console.sectionNotFound");
  return [editable, section];
}

/** What a new edit starts from: the staff member's draft, else what is in force. */
async function editedContent(
  c: Context<ApiEnv>,
  editable: EditableConfiguration,
  me: StaffMember,
): Promise<{ content: unknown; baseNumber: number; fromDraft: boolean }> {
  const draft = await readDraft(c.get("deps").db, editable.kind, me.id);
  if (draft) return { content: draft.content, baseNumber: draft.baseNumber, fromDraft: true };
  return {
    content: editable.inForce(c.get("deps")),
    baseNumber: await inForceNumber(c, editable.kind),
    fromDraft: false,
  };
}

/**
 * Where in a field a problem is, for staff: each list item by its number, each member by its
 * label ("2件目 › 販売終了日時"). `path` is the problem's whole path; `within` its part in the field.
 */
function locationOf(t: Translate, path: string, within: readonly string[]): string {
  const segments = path.split(".");
  const start = segments.length - within.length;
  const parts: string[] = [];
  for (let index = start; index < segments.length; index += 1) {
    const segment = segments[index] ?? "";
    if (/^\d+$/.test(segment)) {
      parts.push(t("console.settings.item", { number: Number(segment) + 1 }));
      continue;
    }
    // Labels are keyed by the path without list positions (uiSchemaOf).
    const key = `console.fields.${segments
      .slice(0, index + 1)
      .filter((part) => !/^\d+$/.test(part))
      .join("/")}`;
    const label = t(key);
    parts.push(label === key ? segment : label);
  }
  return parts.join(" › ");
}

/** A content's problems as the section's field errors, in the request's language; one outside the form is the form's own. */
async function fieldErrors(
  c: Context<ApiEnv>,
  editable: EditableConfiguration,
  section: string,
  problems: readonly ConfigProblem[],
): Promise<FieldError[]> {
  const t = await translatorFor(requestLanguage(c));
  const fields = editable.form(section).schema.properties ?? {};
  return problems.map((problem) => {
    const place = editable.fieldOf(section, problem.path);
    const inForm = place.field === ROOT_FIELD || Object.hasOwn(fields, place.field);
    const within = inForm ? place.within : problem.path.split(".");
    const message = t(`api.configProblems.${problem.key}`, problem.values ?? {});
    const location = within.length > 0 ? locationOf(t, problem.path, within) : "";
    return {
      field: inForm ? place.field : ROOT_FIELD,
      message: location ? t("api.console.problemAt", { location, message }) : message,
    };
  });
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
      canRollback: editableConfiguration(kind) !== null,
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
  .get("/settings/:kind/preview-data", async (c) => {
    const me = await requireRole(c, EDITORS);
    const editable = await editedKind(c);
    const deps = c.get("deps");
    const draft = c.req.query("of") === "inForce" ? null : await readDraft(deps.db, editable.kind, me.id);
    const content = draft ? draft.content : editable.inForce(deps);
    const storeDraft = editable.kind === "store" ? draft : null;
    let screenData: Record<string, Record<string, unknown>> = {};
    try {
      screenData =
        (await editable.previewScreenData?.(content, deps, {
          language: requestLanguage(c),
          subject: c.req.query("subject") ?? null,
        })) ?? {};
    } catch (error) {
      // A draft begun before another kind's publication may no longer fit it: the samples show.
      if (!(error instanceof CatalogueError || error instanceof OidcClientsError)) throw error;
    }
    return c.json<ConsolePreviewSettings>({
      settings: (storeDraft?.content as StoreSettings | undefined) ?? deps.store.current().settings,
      version: storeDraft
        ? `draft-${contentHash(storeDraft.content).slice(0, 16)}`
        : deps.store.current().version,
      screenData,
    });
  })
  .get("/settings/:kind/screen-data", async (c) => {
    const me = await requireRole(c, EDITORS);
    const editable = await editedKind(c);
    const draft = await readDraft(c.get("deps").db, editable.kind, me.id);
    const number = await inForceNumber(c, editable.kind);
    return c.json<ConsoleSettingsScreenData>({
      kind: editable.kind,
      sections: [...editable.sections],
      previewScreens: [...PREVIEW_SCREENS_OF[editable.kind]],
      previewSubjects:
        editable.previewSubjects?.(draft?.content ?? editable.inForce(c.get("deps")), c.get("deps")) ?? [],
      inForceNumber: number,
      draft: draft && {
        baseNumber: draft.baseNumber,
        updatedAt: draft.updatedAt.toISOString(),
        stale: draft.baseNumber !== number,
        ...listedChanges(editable.inForce(c.get("deps")), draft.content),
      },
    });
  })
  .get("/settings/:kind/:section/screen-data", async (c) => {
    const me = await requireRole(c, EDITORS);
    const [editable, section] = await editedSection(c);
    const { content, fromDraft } = await editedContent(c, editable, me);
    return c.json<ConsoleSettingsSectionScreenData>({
      section,
      value: editable.sectionValue(content, section),
      fromDraft,
    });
  })
  .post("/settings/:kind/publish", async (c) => {
    const me = await requireRole(c, EDITORS);
    const editable = await editedKind(c);
    const body = await checkRequest<ConsolePublishRequest>(
      c,
      REQUEST_SCHEMAS.consolePublish,
      await readJsonBody(c),
    );
    const { db, now } = c.get("deps");
    const draft = await readDraft(db, editable.kind, me.id);
    if (!draft) throw await conflict(c, "NO_DRAFT", "console.noDraft");
    if (draft.baseNumber !== (await inForceNumber(c, editable.kind))) {
      throw await conflict(c, "DRAFT_STALE", "console.draftStale");
    }
    // Checked again: what else is in force (the campaigns for the plans) may have changed.
    let content: unknown;
    try {
      content = editable.validate(draft.content, c.get("deps"));
    } catch (error) {
      if (!(error instanceof ConfigurationProblems)) throw error;
      throw await conflict(c, "DRAFT_INVALID", "console.draftInvalid");
    }
    const number = await publishVersion(db, editable.kind, content, {
      staffId: me.id,
      ip: clientAddress(c),
      note: body.note.trim(),
      now: now(),
    });
    await dropDraft(db, editable.kind, me.id);
    if (number === null) throw await conflict(c, "NOTHING_TO_PUBLISH", "console.nothingToPublish");
    await refreshInForce(c);
    return c.json({ number, redirectTo: `/console/versions?kind=${editable.kind}` });
  })
  .post("/settings/:kind/discard", async (c) => {
    const me = await requireRole(c, EDITORS);
    const editable = await editedKind(c);
    await checkRequest(c, REQUEST_SCHEMAS.empty, await readJsonBody(c));
    await dropDraft(c.get("deps").db, editable.kind, me.id);
    return c.json({ redirectTo: `/console/settings/${editable.kind}` });
  })
  // After publish and discard: a section is any other name.
  .post("/settings/:kind/:section", async (c) => {
    const me = await requireRole(c, EDITORS);
    const [editable, section] = await editedSection(c);
    const body = await readJsonBody(c);
    // An optional section sent empty is removed (no invoices issued); nothing to check.
    const value = editable.isRemoval(section, body)
      ? {}
      : await validateRequestData(c, editable.form(section), body);
    const { content, baseNumber } = await editedContent(c, editable, me);
    const next = editable.withSectionValue(content, section, value, c.get("deps"));
    try {
      editable.validate(next, c.get("deps"));
    } catch (error) {
      if (!(error instanceof ConfigurationProblems)) throw error;
      throw new ApiError(400, "VALIDATION_ERROR", await apiMessage(c, "console.draftInvalid"), {
        errors: await fieldErrors(c, editable, section, error.problems),
      });
    }
    const { db, now } = c.get("deps");
    await saveDraft(db, editable.kind, me.id, next, baseNumber, now());
    return c.json({ redirectTo: `/console/settings/${editable.kind}` });
  })
  .post("/assets", async (c) => {
    const me = await requireRole(c, EDITORS);
    const body = await checkRequest<ConsoleAssetRequest>(
      c,
      REQUEST_SCHEMAS.consoleAsset,
      await readJsonBody(c),
    );
    const { db, now } = c.get("deps");
    const stored = await storeAsset(
      db,
      Buffer.from(body.data, "base64"),
      { staffId: me.id, ip: clientAddress(c) },
      now(),
    );
    if ("problem" in stored) {
      throw await apiError(c, 400, "ASSET_REFUSED", `console.asset.${stored.problem}`, {
        params: { megabytes: MAX_ASSET_BYTES / 1024 / 1024 },
      });
    }
    return c.json(stored);
  })
  .post("/versions/:kind/:number/rollback", async (c) => {
    const me = await requireRole(c, EDITORS);
    const body = await checkRequest<ConsoleRollbackRequest>(
      c,
      REQUEST_SCHEMAS.consoleRollback,
      await readJsonBody(c),
    );
    const editable = editableConfiguration(c.req.param("kind"));
    const number = Number(c.req.param("number"));
    const { db, now } = c.get("deps");
    const content =
      editable && Number.isSafeInteger(number) && number > 0
        ? await versionContent(db, editable.kind, number)
        : undefined;
    if (!editable || content === undefined) {
      throw await apiError(c, 404, "VERSION_NOT_FOUND", "console.versionNotFound");
    }
    let valid: unknown;
    try {
      valid = editable.validate(content, c.get("deps"));
    } catch (error) {
      if (!(error instanceof ConfigurationProblems)) throw error;
      throw await conflict(c, "VERSION_INVALID", "console.versionInvalid");
    }
    const published = await publishVersion(db, editable.kind, valid, {
      staffId: me.id,
      ip: clientAddress(c),
      note: body.note.trim(),
      now: now(),
      rollbackOf: number,
    });
    if (published === null) throw await conflict(c, "ALREADY_IN_FORCE", "console.alreadyInForce");
    await refreshInForce(c);
    return c.json({ number: published, redirectTo: `/console/versions?kind=${editable.kind}` });
  });
