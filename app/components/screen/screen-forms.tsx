/**
 * The forms of a declarative screen: built from the store settings and screen data by the
 * registry, rendered by SchemaForm, posted to the route's action (app/lib/screen-action.server.ts),
 * which makes the screen's API call: as an HTML form before hydration, as JSON through React
 * Router once the form has checked itself with the same schema (ADR 0015). The route gives the
 * renderer (SchemaForm, or PlainForm on /login), so that only pages with schema forms ship rjsf.
 */
import { type ComponentType, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Link,
  type SubmitTarget,
  useActionData,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "react-router";
import type { FormDefinition } from "../../../schemas/form-definition.ts";
import { FORM_ID_FIELD, type FormFailure, type FormSubmission } from "../../../schemas/form-post.ts";
import type { ScreenDefinition, ScreenForm } from "../../../screens/screen-definition.ts";
import type { FormRendererProps } from "../../../widgets/form-renderer.ts";
import { requestOnDemand } from "../../lib/api-client-on-demand.ts";
import { formsShownBy, isFormShown, isFormWithheld } from "../../lib/screen-form.ts";
import { RecaptchaFeatures, RecaptchaNeedsScript, useRecaptchaToken } from "../recaptcha.tsx";
import { PinResend } from "./pin-resend.tsx";

export interface ScreenFormsProps {
  screen: ScreenDefinition;
  screenData: Readonly<Record<string, unknown>>;
  /** The screen's forms built by the loader, in the order of `screen.forms` (pageForms). */
  builtForms: readonly FormDefinition[];
  /**
   * Draws each form: SchemaForm on form pages, PlainForm where a page must stay light (/login).
   * The route chooses, so that a page ships only the renderer it uses.
   */
  renderer: ComponentType<FormRendererProps>;
  /**
   * The forms to show, when the page decides (login modes follow the store too); by default those
   * the query shows, with links to the screen's other modes.
   */
  forms?: readonly ScreenForm[];
  /** Content under a field, by property name (the forgot-password link under the password). */
  fieldExtras?: Readonly<Record<string, ReactNode>>;
  /** The URL of each form's precompiled validator module by form id (ADR 0012), from the loader. */
  validatorUrls?: Readonly<Record<string, string>>;
}

/** The page's pending post, when it is one of this form's. */
function isPostOf(navigation: ReturnType<typeof useNavigation>, formId: string): boolean {
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  const json = navigation.json as Record<string, unknown> | undefined;
  return (json?.[FORM_ID_FIELD] ?? navigation.formData?.get(FORM_ID_FIELD)) === formId;
}

/** The loader's build of one of the screen's forms. */
function builtFormOf(props: ScreenFormsProps, definition: ScreenForm): FormDefinition {
  const form = props.builtForms[props.screen.forms.indexOf(definition)];
  if (!form) throw new Error(`${props.screen.id}: the loader built no ${definition.builder} form`);
  return form;
}

function ScreenFormView(props: ScreenFormsProps & { definition: ScreenForm }) {
  const { definition, screenData, validatorUrls, renderer: Renderer } = props;
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData() as FormFailure | undefined;
  // The browser's own failure before anything was posted (the reCAPTCHA script did not answer).
  const [localFailure, setLocalFailure] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  // A token for the call when the store enables reCAPTCHA and the definition protects it (issue 7 §10).
  const withRecaptchaToken = useRecaptchaToken(definition.submit.recaptchaAction);

  const form = builtFormOf(props, definition);
  const failure = actionData?.formId === form.id ? actionData : null;
  // The stored values (prefillFrom), then query values the body carries (the reset token) fill the
  // form's own fields of those names; after a failed post without JavaScript, what was posted comes back. Initial data only: a
  // later failure arrives while the form keeps what the visitor typed.
  const [initialData] = useState(() => {
    const fields = form.schema.properties ?? {};
    const stored = definition.prefillFrom ? screenData[definition.prefillFrom] : undefined;
    const prefilled = Object.entries(typeof stored === "object" && stored !== null ? stored : {}).filter(
      ([name]) => Object.hasOwn(fields, name),
    );
    const fromQuery = (definition.submit.bodyFromQuery ?? []).flatMap((name) => {
      const value = query.get(name);
      return value !== null && Object.hasOwn(fields, name) ? [[name, value] as const] : [];
    });
    return { ...Object.fromEntries(prefilled), ...Object.fromEntries(fromQuery), ...failure?.values };
  });
  const missingQuery = definition.requireQuery !== undefined && !query.get(definition.requireQuery);
  // After a failure the button waits until the watched field differs from the value just tried.
  const watched = definition.retryAfterChangeOf;
  const [currentValue, setCurrentValue] = useState<unknown>(() =>
    watched ? initialData[watched] : undefined,
  );
  const triedValue = watched ? failure?.values[watched] : undefined;
  const unchangedSinceFailure = triedValue !== undefined && triedValue === currentValue;

  async function send(values: Record<string, unknown>) {
    setLocalFailure(null);
    setPreparing(true);
    try {
      const submission: FormSubmission = { [FORM_ID_FIELD]: form.id, values };
      const withToken = await withRecaptchaToken({ ...submission });
      submit(withToken as SubmitTarget, {
        method: "post",
        encType: "application/json",
      });
    } catch {
      setLocalFailure(t("apiError.fallback"));
    } finally {
      setPreparing(false);
    }
  }

  return (
    <>
      {missingQuery && (
        <p className="form-notice" role="alert">
          {t("screens.common.missingQuery")}
        </p>
      )}
      <RecaptchaNeedsScript action={definition.submit.recaptchaAction} />
      <Renderer
        form={form}
        formData={initialData}
        request={requestOnDemand}
        onSubmit={send}
        submitLabelKey={definition.submitLabelKey}
        irreversible={definition.irreversible}
        serverErrors={failure?.errors}
        summary={localFailure ?? failure?.summary}
        busy={preparing || isPostOf(navigation, form.id)}
        disabled={missingQuery || unchangedSinceFailure}
        onChange={watched ? (next) => setCurrentValue(next[watched]) : undefined}
        validatorUrl={validatorUrls?.[form.id]}
        fieldExtras={props.fieldExtras}
      />
      {definition.resend && (
        <PinResend
          path={definition.resend.path}
          body={definition.resend.body}
          hintKey={definition.resend.hintKey}
        />
      )}
      <RecaptchaFeatures action={definition.submit.recaptchaAction} />
    </>
  );
}

/** The forms the page shows (by default those the query shows, plus links to the screen's other modes). */
export function ScreenForms(props: ScreenFormsProps) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const visible = (props.forms ?? formsShownBy(props.screen, query)).filter(
    (form) => !isFormWithheld(form, props.screenData),
  );
  const otherModes = props.forms
    ? []
    : props.screen.forms.filter((form) => form.showWhen && !isFormShown(form, query));
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
