/**
 * What a form renderer takes from the page (app/components/screen/screen-forms.tsx), so that a
 * page can draw its forms with the rich renderer (SchemaForm: rjsf and every widget) or the light
 * one (PlainForm: plain inputs, no rjsf, for /login) through one pipeline: the same data, the same
 * submit, the same way of showing the action's answer.
 */
import type { ReactNode } from "react";
import type { FieldError, FormDefinition } from "../schemas/form-definition.ts";
import type { ApiRequest } from "./form-context.ts";

export interface FormRendererProps {
  form: FormDefinition;
  /** Initial values (the account being edited, what a failed post sent). */
  formData?: Record<string, unknown>;
  /** Called with the normalised data of a submit, once the renderer has checked what it can. */
  onSubmit(data: Record<string, unknown>): void;
  /** Called with the normalised data after every change. */
  onChange?(data: Record<string, unknown>): void;
  /** Errors the action returned for the last submit; a field's error goes away when it is edited. */
  serverErrors?: readonly FieldError[];
  /** A message about the last submit as a whole. */
  summary?: string;
  /** Translation key of the submit button's text; 送信する by default. */
  submitLabelKey?: string;
  /** The submit cannot be undone: the button is styled as a danger. */
  irreversible?: boolean;
  /** Holds the submit button disabled (a page rule); applies once the page's script runs. */
  disabled?: boolean;
  /** The form is being sent: the submit button shows it and ignores clicks. */
  busy?: boolean;
  /** Content placed under a field, by property name (e.g. the forgot-password link under the password). */
  fieldExtras?: Readonly<Record<string, ReactNode>>;
  /** The form's precompiled validator module (/form-validators/<hash>.js), from the page's loader. */
  validatorUrl?: string;
  /** The page's helper for the widgets' own API calls (postal search, user-ID check). */
  request?: ApiRequest;
}
