/**
 * The forms of a declarative screen: built from the store settings and screen data by the
 * registry, rendered by SchemaForm, submitted to the screen's API call. Only form routes import
 * this module, so only they ship rjsf (and ajv's small runtime helpers; the validators themselves
 * are precompiled by the server, ADR 0012).
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { FormDefinition, UiSchema } from "../../../schemas/form-definition.ts";
import { buildScreenForm } from "../../../schemas/forms/registry.ts";
import type { StoreSettings } from "../../../schemas/types/store-settings.gen.ts";
import type { ScreenDefinition, ScreenForm } from "../../../screens/screen-definition.ts";
import { SchemaForm } from "../../../widgets/schema-form.tsx";
import { ApiClientError, apiRequest } from "../../lib/api-client.ts";
import { type ScreenFailure, screenFailure, screenPayload } from "../../lib/screen-submit.ts";
import { fillPath } from "../../lib/screens.ts";
import { RecaptchaFeatures, useRecaptchaToken } from "../recaptcha.tsx";
import { PinResend } from "./pin-resend.tsx";

export interface ScreenFormsProps {
  screen: ScreenDefinition;
  screenData: Readonly<Record<string, unknown>>;
  params: Readonly<Record<string, string>>;
  settings: StoreSettings;
  settingsVersion: string;
  /** The URL of each form's precompiled validator module by form id (ADR 0012), from the loader. */
  validatorUrls?: Readonly<Record<string, string>>;
}

function withUiOverrides(form: FormDefinition, overrides: UiSchema | undefined): FormDefinition {
  if (!overrides) return form;
  return { ...form, uiSchema: { ...form.uiSchema, ...overrides } };
}

/** A 404 answers with its body (spec §7); an error-shaped body still means the call failed. */
function isErrorBody(body: Record<string, unknown>): boolean {
  return typeof body.code === "string" && typeof body.requestId === "string";
}

function ScreenFormView(props: ScreenFormsProps & { definition: ScreenForm }) {
  const { definition, screenData, params, settings, settingsVersion, validatorUrls } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ScreenFailure | null>(null);
  // A token for the call when the store enables reCAPTCHA and the definition protects it (issue 7 §10).
  const withRecaptchaToken = useRecaptchaToken(definition.submit.recaptchaAction);
  // The value of `retryAfterChangeOf` that the last failed submit tried; the button waits for a new one.
  const [triedValue, setTriedValue] = useState<unknown>(undefined);
  const [currentValue, setCurrentValue] = useState<unknown>(undefined);

  const form = useMemo(
    () =>
      withUiOverrides(
        buildScreenForm(definition.builder, {
          settings,
          settingsVersion,
          screenData,
          options: definition.builderOptions ?? {},
        }),
        definition.uiSchema,
      ),
    [definition, settings, settingsVersion, screenData],
  );
  // Query values the body carries (the reset token) also fill the form's own field of that name.
  const initialData = useMemo(() => {
    const fields = form.schema.properties ?? {};
    const entries = (definition.submit.bodyFromQuery ?? []).flatMap((name) => {
      const value = query.get(name);
      return value !== null && Object.hasOwn(fields, name) ? [[name, value] as const] : [];
    });
    return Object.fromEntries(entries);
  }, [form, definition.submit.bodyFromQuery, query]);
  const missingQuery = definition.requireQuery !== undefined && !query.get(definition.requireQuery);
  const watched = definition.retryAfterChangeOf;
  const unchangedSinceFailure =
    watched !== undefined && triedValue !== undefined && triedValue === currentValue;

  async function submit(data: Record<string, unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      const body = await withRecaptchaToken(
        screenPayload(definition.submit, form, data, { screenData, query }),
      );
      const result = await apiRequest(fillPath(definition.submit.path, params), {
        method: definition.submit.method,
        body,
        navigate: (url) => (url.startsWith("/") ? navigate(url) : window.location.assign(url)),
      });
      if (isErrorBody(result)) {
        setFailure(screenFailure(new ApiClientError(404, result), definition.errors, form, t));
        if (watched) setTriedValue(data[watched]);
        return;
      }
      if (typeof result.redirectTo !== "string" && definition.successTo) navigate(definition.successTo);
    } catch (error) {
      const next = screenFailure(error, definition.errors, form, t);
      setFailure(next);
      if (watched) setTriedValue(data[watched]);
      if (next.scrollTo) {
        document.querySelector(`[data-field="${next.scrollTo}"]`)?.scrollIntoView({ block: "center" });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {missingQuery && (
        <p className="form-notice" role="alert">
          {t("screens.common.missingQuery")}
        </p>
      )}
      <SchemaForm
        form={form}
        formData={initialData}
        onSubmit={submit}
        submitLabelKey={definition.submitLabelKey}
        serverErrors={failure?.serverErrors}
        summary={failure?.summary}
        busy={busy}
        disabled={missingQuery || unchangedSinceFailure}
        onChange={watched ? (next) => setCurrentValue(next[watched]) : undefined}
        validatorUrl={validatorUrls?.[form.id]}
      />
      {definition.resend && <PinResend path={definition.resend.path} body={definition.resend.body} />}
      <RecaptchaFeatures action={definition.submit.recaptchaAction} />
    </>
  );
}

/** Every form of the screen that the current query shows, plus links to its other modes. */
export function ScreenForms(props: ScreenFormsProps) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const shown = (form: ScreenForm) =>
    !form.showWhen || query.get(form.showWhen.query) === form.showWhen.equals;
  const visible = props.screen.forms.filter(shown);
  const otherModes = props.screen.forms.filter((form) => form.showWhen && !shown(form));
  return (
    <div className="screen__forms">
      {visible.map((definition, index) => (
        <ScreenFormView key={`${definition.builder}-${index}`} {...props} definition={definition} />
      ))}
      {otherModes.map(({ showWhen }) => {
        if (!showWhen) return null;
        const next = new URLSearchParams(query);
        if (showWhen.equals === null) next.delete(showWhen.query);
        else next.set(showWhen.query, showWhen.equals);
        const search = next.toString();
        return (
          <p key={showWhen.labelKey} className="screen__mode-switch">
            <Link to={{ search: search ? `?${search}` : "" }} replace>
              {t(showWhen.labelKey)}
            </Link>
          </p>
        );
      })}
    </div>
  );
}
