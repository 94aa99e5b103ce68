/**
 * The one form component of the site: a FormDefinition (schemas/forms) rendered by @rjsf/core with
 * our theme, validated by the same rules the API runs. This is the only module pages import to get
 * a form, so pages without one ship neither rjsf nor ajv.
 *
 *   <SchemaForm form={registrationForm} formData={account} onSubmit={save}
 *     serverErrors={result?.errors} summary={result ? t("signup.summary") : undefined} busy={saving} />
 *
 * Data flow: what the user types stays as typed in the form; validation and `onSubmit` see it
 * through normalizeFormData (trimmed, "" dropped, digits cleaned), exactly as the API will.
 * `formData` is the initial data: give the component a new `key` to start over with other data.
 *
 * Validation in the browser uses the form's precompiled validators (`validatorUrl`, ADR 0012):
 * nothing here compiles a schema, so pages stay within a strict CSP and do not ship ajv's
 * compiler. While the module loads, a submit waits for it; without one, the API's answer shows.
 */
import Form, { type IChangeEvent } from "@rjsf/core";
import type {
  ErrorSchema,
  Experimental_DefaultFormStateBehavior,
  NameGeneratorFunction,
  RJSFSchema,
  UiSchema,
  ValidatorType,
} from "@rjsf/utils";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { preloadModule } from "react-dom";
import { useTranslation } from "react-i18next";
import type { FieldError, FormDefinition } from "../schemas/form-definition.ts";
import { fieldUiSchema } from "../schemas/form-definition.ts";
import { valuesFromFormPost } from "../schemas/form-post.ts";
import { normalizeFormData } from "../schemas/normalize.ts";
import { createErrorTransformer, ROOT_FIELD } from "../schemas/validation-messages.ts";
import { fieldNameOfError, firstFieldInPageOrder, focusField } from "./focus-field.ts";
import { noApi, type SchemaFormContext } from "./form-context.ts";
import type { FormRendererProps } from "./form-renderer.ts";
import {
  conditionOnlyValidator,
  precompiledValidatorFor,
  SwitchingValidator,
  type ValidatorModuleState,
  validatorModules,
} from "./form-validator.ts";
import { isSubmitButtonPress } from "./submit-button.ts";
import { templates, widgets } from "./theme.tsx";
import { useHydrated } from "./use-hydrated.ts";
import "./widgets.css";

type FormData = Record<string, unknown>;

export interface SchemaFormProps extends FormRendererProps {
  /** A ready validator instead of a module (tests, the gallery); wins over `validatorUrl`. */
  validator?: ValidatorType;
}

/** On the server and while hydrating there is no module yet; the first browser render catches up. */
const SERVER_MODULE_STATE: ValidatorModuleState = { status: "loading" };

/** The state of the form's validator module, loading it on first use in the browser. */
function useValidatorModule(url: string | undefined): ValidatorModuleState {
  if (url) preloadModule(url);
  useEffect(() => {
    if (url) validatorModules.load(url);
  }, [url]);
  return useSyncExternalStore(
    validatorModules.subscribe,
    () => validatorModules.stateOf(url),
    () => SERVER_MODULE_STATE,
  );
}

/**
 * The validator of the form, seeing the data as the API will: normalised (rjsf validates its raw
 * state; without this, "  " would pass `required` here and fail on the server). Whole-form
 * validation always runs on the form's own schema: the precompiled validator checks the form with
 * its root function, and would refuse a schema rjsf resolved from the raw data.
 */
function normalizingValidator(form: FormDefinition, base: ValidatorType): ValidatorType {
  return {
    validateFormData: (formData, _schema, customValidate, transformErrors, uiSchema) =>
      base.validateFormData(
        normalizeFormData(form, formData),
        form.schema as RJSFSchema,
        customValidate,
        transformErrors,
        uiSchema,
      ),
    isValid: (schema, formData, rootSchema) => base.isValid(schema, formData, rootSchema),
    rawValidation: (schema, formData) => base.rawValidation(schema, formData),
  };
}

/**
 * What rjsf may fill in by itself: only a schema's explicit `default`. Never a `const` (a consent
 * that must be true would start ticked), never `false` for a required boolean (the user has not
 * answered), never empty arrays or objects (nothing was chosen).
 */
const DEFAULTS: Experimental_DefaultFormStateBehavior = {
  constAsDefaults: "never",
  requiredBooleanDefault: "skip",
  emptyObjectFields: "skipEmptyDefaults",
};

/** The rjsf ErrorSchema of {field, message} pairs; "root" errors belong to the form itself. */
function toErrorSchema(errors: readonly FieldError[]): ErrorSchema | undefined {
  if (errors.length === 0) return undefined;
  const schema: Record<string, { __errors: string[] }> & { __errors?: string[] } = {};
  for (const { field, message } of errors) {
    if (field === ROOT_FIELD) {
      schema.__errors = [...(schema.__errors ?? []), message];
    } else {
      const entry = schema[field] ?? { __errors: [] };
      entry.__errors.push(message);
      schema[field] = entry;
    }
  }
  return schema as ErrorSchema;
}

/** Top-level fields whose value differs between two versions of the data. */
function changedFields(before: FormData, after: FormData): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

/** A PIN counts as filled only when every box is; any other field when it has a value. */
function isFilled(form: FormDefinition, name: string, value: unknown): boolean {
  if (value === undefined) return false;
  const ui = fieldUiSchema(form, name);
  if (ui?.["ui:widget"] === "pinCode") {
    return typeof value === "string" && value.length === (ui["ui:options"]?.length ?? 4);
  }
  return !(Array.isArray(value) && value.length === 0);
}

/**
 * Inputs are named after their field (`email`, `pinCode`), so that a form posted before the
 * script runs reads back into the form's data (schemas/form-post.ts).
 */
const fieldNames: NameGeneratorFunction = (path, idPrefix) =>
  path.length > 0 ? path.map(String).join(".") : idPrefix;

/** Element ids must stay unique when a page shows two forms: they start with the form's id. */
function idPrefixOf(form: FormDefinition): string {
  return form.id.replace(/[^A-Za-z0-9_-]/g, "-");
}

/** `signup-email_email` → `email`: the top-level field an element id belongs to. */
function fieldOfId(id: string, idPrefix: string): string | null {
  if (!id.startsWith(`${idPrefix}_`)) return null;
  return id.slice(idPrefix.length + 1).split("_")[0] || null;
}

/**
 * What a person typed or ticked before the page's script took over (a slow phone): the fields hold
 * it, the form's data does not. Read as the server reads a post; only what differs from `data`
 * and says something (text typed, a box ticked), so that nothing the form set is undone. Here, not
 * in form-post.ts, which the light login form shares.
 */
function enteredBeforeScript(
  form: FormDefinition,
  fields: globalThis.FormData,
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(valuesFromFormPost(form, fields)).filter(
      ([name, value]) =>
        ((typeof value === "string" && value !== "") || value === true) && value !== data[name],
    ),
  );
}

export function SchemaForm(props: SchemaFormProps) {
  const { form, serverErrors, summary = "", submitLabelKey, disabled = false, busy = false } = props;
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const formRef = useRef<Form>(null);
  const [data, setData] = useState<FormData>(() => ({ ...props.formData }));
  // After a first submit the form re-checks itself on every change; before, errors wait for submit.
  const [submitAttempted, setSubmitAttempted] = useState(false);
  // Errors appear because of something the user did (submit, a search): from then on they are announced.
  const [announceErrors, setAnnounceErrors] = useState(false);
  const [widgetErrors, setWidgetErrors] = useState<Record<string, string>>({});
  // Server errors stay until their field is edited; a new list from the page shows in full again.
  const [dismissed, setDismissed] = useState<{ of: SchemaFormProps["serverErrors"]; fields: Set<string> }>({
    of: serverErrors,
    fields: new Set(),
  });
  if (dismissed.of !== serverErrors) setDismissed({ of: serverErrors, fields: new Set() });

  const moduleState = useValidatorModule(props.validator ? undefined : props.validatorUrl);
  const ready = useMemo(() => {
    if (props.validator) return props.validator;
    return moduleState.status === "ready"
      ? precompiledValidatorFor(form.schema as RJSFSchema, moduleState)
      : null;
  }, [props.validator, moduleState, form]);
  // "loading" holds a submit until the module settles; "unavailable" lets it through to the API.
  const validatorStatus = ready ? "ready" : moduleState.status === "loading" ? "loading" : "unavailable";
  // rjsf keeps the validator object it started with: that object stays, what it forwards to follows.
  const switching = useMemo(() => new SwitchingValidator(), []);
  switching.current = ready ?? conditionOnlyValidator;
  const validator = useMemo(() => normalizingValidator(form, switching), [form, switching]);
  const [waitingSubmit, setWaitingSubmit] = useState(false);
  const transformErrors = useMemo(
    () => createErrorTransformer(form, t, i18n.language),
    [form, t, i18n.language],
  );

  // Fields the visitor has left show their own message before any submit, and re-check on each
  // change from then on (spec: the messages appear on blur, e.g. why the send button stays grey).
  const [leftFields, setLeftFields] = useState<ReadonlySet<string>>(() => new Set());
  const fromBlur = useMemo(() => {
    if (submitAttempted || leftFields.size === 0 || !ready) return [];
    const { errors } = validator.validateFormData(
      data,
      form.schema as RJSFSchema,
      undefined,
      transformErrors,
    );
    return errors
      .map((error) => ({ field: fieldNameOfError(error.property), message: error.message ?? "" }))
      .filter(({ field, message }) => leftFields.has(field) && message);
  }, [submitAttempted, leftFields, ready, validator, data, form, transformErrors]);
  // A field left for a press on the submit button shows nothing yet (submit-button.ts).
  const pressingSubmit = useRef(false);
  useEffect(() => {
    const formElement: HTMLFormElement | null | undefined = formRef.current?.formElement.current;
    if (!formElement) return;
    const onPointerDown = (event: PointerEvent) => {
      pressingSubmit.current = isSubmitButtonPress(event.target);
    };
    const onPointerEnd = () => {
      pressingSubmit.current = false;
    };
    formElement.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("pointerup", onPointerEnd);
    window.addEventListener("pointercancel", onPointerEnd);
    return () => {
      formElement.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("pointerup", onPointerEnd);
      window.removeEventListener("pointercancel", onPointerEnd);
    };
  }, []);
  const onBlur = (id: string) => {
    const field = fieldOfId(id, idPrefixOf(form));
    if (pressingSubmit.current) return;
    if (field && !leftFields.has(field)) setLeftFields(new Set([...leftFields, field]));
  };

  const visibleErrors = useMemo(() => {
    const fromServer = (serverErrors ?? []).filter(({ field }) => !dismissed.fields.has(field));
    const fromWidgets = Object.entries(widgetErrors).map(([field, message]) => ({ field, message }));
    const shown = new Set([...fromServer, ...fromWidgets].map(({ field }) => field));
    return [...fromServer, ...fromWidgets, ...fromBlur.filter(({ field }) => !shown.has(field))];
  }, [serverErrors, dismissed, widgetErrors, fromBlur]);
  const extraErrors = useMemo(() => toErrorSchema(visibleErrors), [visibleErrors]);

  const focusFirstError = useCallback((fields: Iterable<string>) => {
    const formElement: HTMLFormElement | null | undefined = formRef.current?.formElement.current;
    if (!formElement) return;
    const first = firstFieldInPageOrder(formElement, fields);
    if (first) focusField(formElement, first);
    else formElement.querySelector(".sf-error-summary")?.scrollIntoView?.({ block: "center" });
  }, []);

  // The API's answer to a submit: bring its first problem into view (spec §8 User ID: "a scroll to the field").
  useEffect(() => {
    if (!serverErrors || serverErrors.length === 0) return;
    setAnnounceErrors(true);
    focusFirstError(serverErrors.map(({ field }) => field));
  }, [serverErrors, focusFirstError]);

  const setFieldValues = useCallback((patch: FormData) => {
    for (const [name, value] of Object.entries(patch)) formRef.current?.setFieldValue(name, value);
  }, []);

  // Typed before the script took over: kept, not lost to the empty data the form started with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the fields the server drew.
  useEffect(() => {
    const formElement: HTMLFormElement | null | undefined = formRef.current?.formElement.current;
    if (!formElement) return;
    const entered = enteredBeforeScript(form, new globalThis.FormData(formElement), data);
    if (Object.keys(entered).length > 0) setFieldValues(entered);
  }, []);

  const setFieldError = useCallback((field: string, message: string | null) => {
    setWidgetErrors((current) => {
      const { [field]: _previous, ...others } = current;
      return message === null ? others : { ...others, [field]: message };
    });
    if (message !== null) setAnnounceErrors(true);
  }, []);

  const normalized = useMemo(() => normalizeFormData(form, data), [form, data]);
  const rule = form.uiSchema["ui:options"]?.submitDisabledUntil;
  const ruleHolds = useMemo(() => {
    if (rule === "filled") {
      return (form.schema.required ?? []).every((name) => isFilled(form, name, normalized[name]));
    }
    if (rule === "valid") {
      // Not before the validator can tell; without one, the API judges.
      if (!ready) return validatorStatus === "unavailable";
      return validator.validateFormData(data, form.schema as RJSFSchema).errors.length === 0;
    }
    return true;
  }, [rule, form, normalized, data, validator, ready, validatorStatus]);

  const context = useMemo<SchemaFormContext>(
    () => ({
      formData: data,
      setFieldValues,
      setFieldError,
      announceErrors,
      busy: busy || waitingSubmit,
      // Before hydration nothing could lift a page rule: the button works and the server judges.
      submitDisabled: hydrated && (disabled || !ruleHolds),
      formId: form.id,
      submitLabel: t(submitLabelKey ?? "form.submit"),
      irreversible: props.irreversible === true,
      summary,
      request: props.request ?? noApi,
      fieldExtras: props.fieldExtras ?? {},
    }),
    [
      data,
      setFieldValues,
      setFieldError,
      announceErrors,
      busy,
      waitingSubmit,
      disabled,
      ruleHolds,
      hydrated,
      form.id,
      t,
      submitLabelKey,
      props.irreversible,
      summary,
      props.request,
      props.fieldExtras,
    ],
  );

  const onChange = (event: IChangeEvent<FormData>) => {
    const next = event.formData ?? {};
    const edited = changedFields(data, next);
    setData(next);
    if (edited.length > 0) {
      setDismissed((current) => ({ of: current.of, fields: new Set([...current.fields, ...edited]) }));
      setWidgetErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([field]) => !edited.includes(field))),
      );
    }
    props.onChange?.(normalizeFormData(form, next));
  };

  // After a failed submit, focus goes to the summary at the top (it lists and links the fields),
  // or to the one wrong field, once it has rendered.
  const [summaryFocusRequests, setSummaryFocusRequests] = useState(0);
  useEffect(() => {
    if (summaryFocusRequests === 0) return;
    const formElement: HTMLFormElement | null | undefined = formRef.current?.formElement.current;
    if (!formElement) return;
    const summary = formElement.querySelector<HTMLElement>(".sf-error-summary");
    if (summary) {
      summary.focus();
      summary.scrollIntoView?.({ block: "start" });
      return;
    }
    // A single wrong field has no summary: the focus goes to it.
    const invalid = formElement.querySelector<HTMLElement>("[data-field] [aria-invalid='true']");
    const name = invalid?.closest<HTMLElement>("[data-field]")?.dataset.field;
    if (name) focusField(formElement, name);
  }, [summaryFocusRequests]);

  const onError = () => {
    setSubmitAttempted(true);
    setAnnounceErrors(true);
    setSummaryFocusRequests((requests) => requests + 1);
  };

  const onSubmit = (event: IChangeEvent<FormData>) => {
    setSubmitAttempted(true);
    setAnnounceErrors(true);
    if (busy || context.submitDisabled) return;
    // rjsf passed the data with the stand-in validator: the real check comes when the module has settled.
    if (validatorStatus === "loading") {
      setWaitingSubmit(true);
      return;
    }
    props.onSubmit(normalizeFormData(form, event.formData ?? {}));
  };

  // A submit held for the module: validate it now, or send it to the API when the module is unavailable.
  const { onSubmit: submitToPage } = props;
  useEffect(() => {
    if (!waitingSubmit || validatorStatus === "loading") return;
    setWaitingSubmit(false);
    if (validatorStatus === "ready") formRef.current?.formElement.current?.requestSubmit();
    else submitToPage(normalizeFormData(form, data));
  }, [waitingSubmit, validatorStatus, submitToPage, form, data]);

  return (
    <>
      <Form
        ref={formRef}
        className="sf-form"
        // A real form: before the script runs (or if it never does) the browser posts it to the
        // page's route action, which validates it with the same schema.
        method="post"
        nameGenerator={fieldNames}
        schema={form.schema as RJSFSchema}
        uiSchema={form.uiSchema as UiSchema}
        initialFormData={props.formData}
        validator={validator}
        templates={templates}
        widgets={widgets}
        formContext={context}
        idPrefix={idPrefixOf(form)}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        // The summary lists errors after a submit (or the API's answer); before, a field the visitor
        // left shows its own message alone.
        showErrorList={submitAttempted || (serverErrors?.length ?? 0) > 0 ? "top" : false}
        noHtml5Validate
        // Once a submit has shown errors, each change re-checks the form, so a corrected field clears at once.
        liveValidate={submitAttempted ? "onChange" : false}
        omitExtraData
        experimental_defaultFormStateBehavior={DEFAULTS}
        focusOnFirstError={false}
        onChange={onChange}
        onBlur={onBlur}
        onError={onError}
        onSubmit={onSubmit}
      />
      <p className="sf-visually-hidden" role="status">
        {busy ? t("form.sending") : ""}
      </p>
    </>
  );
}
