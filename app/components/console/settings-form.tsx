/**
 * A section of the store settings as a form: the product's SchemaForm with its widgets and
 * validators, and the console's own layout for what member forms never have — nested objects and
 * list items, each a titled group with its buttons under it — a colour picker for colours and an
 * upload for images. The templates are given through the uiSchema here, in the
 * browser, so the member pages' theme (and their bundles) stay as they are.
 */
import {
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  ariaDescribedByIds,
  getTemplate,
  getUiOptions,
  type ObjectFieldTemplateProps,
  type WidgetProps,
} from "@rjsf/utils";
import type { JSONSchema7, JSONSchema7Definition } from "json-schema";
import { type ComponentProps, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormDefinition } from "../../../schemas/form-definition.ts";
import { SchemaForm } from "../../../widgets/schema-form.tsx";

/** A nested object or a list item: a fieldset named by its field's label, or "Item n". */
function ConsoleGroup({ properties, fieldPathId, uiSchema }: ObjectFieldTemplateProps) {
  const legend = useFieldLabel(uiSchema, fieldPathId.path.at(-1));
  return (
    <fieldset className="console-group">
      <legend className="console-group__legend">{legend}</legend>
      {properties.map((property) => property.content)}
    </fieldset>
  );
}

/** The label a field's uiSchema gives (a translation key), or its property's name. */
function useFieldLabel(
  uiSchema: ObjectFieldTemplateProps["uiSchema"],
  name: string | number | undefined,
): string {
  const { t } = useTranslation();
  const title = uiSchema?.["ui:title"];
  if (typeof name === "number") return t("console.settings.item", { number: name + 1 });
  return typeof title === "string" ? t(title) : String(name ?? "");
}

/** A list: its items, then one button that adds an item, named after the list it adds to. */
function ConsoleList({
  items,
  canAdd,
  onAddClick,
  disabled,
  readonly,
  registry,
  uiSchema,
  fieldPathId,
}: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { AddButton } = registry.templates.ButtonTemplates;
  const list = useFieldLabel(uiSchema, fieldPathId.path.at(-1));
  return (
    <div className="console-list">
      {items}
      {canAdd && !readonly && (
        <AddButton
          registry={registry}
          onClick={onAddClick}
          disabled={disabled}
          aria-label={t("console.settings.addTo", { list })}
        />
      )}
    </div>
  );
}

/** A list item: its group, then its buttons (up, down, remove) in a row under it. */
function ConsoleListItem({ children, buttonsProps, hasToolbar, registry }: ArrayFieldItemTemplateProps) {
  const Buttons = registry.templates.ArrayFieldItemButtonsTemplate;
  return (
    <div className="console-list-item">
      {children}
      {hasToolbar && (
        <div className="console-list-item__tools">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

/** The settings' colours (#rrggbb): the browser's colour picker beside the code, either one typed in. */
function ConsoleColor({
  id,
  htmlName,
  value,
  required,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const { t } = useTranslation();
  const code = typeof value === "string" ? value : "";
  const picked = /^#[0-9a-fA-F]{6}$/.test(code) ? code : "#000000";
  return (
    <div className="console-color">
      <input
        type="color"
        value={picked.toLowerCase()}
        disabled={disabled || readonly}
        aria-label={t("console.settings.pickColor")}
        onChange={(event) => onChange(event.target.value)}
      />
      <input
        id={id}
        name={htmlName || id}
        type="text"
        value={code}
        required={required}
        disabled={disabled || readonly}
        pattern="#[0-9a-fA-F]{6}"
        spellCheck={false}
        autoComplete="off"
        // As rjsf's own inputs: the field's error, description and help.
        aria-describedby={`${id}__error ${id}__description ${id}__help`}
        onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
        onBlur={() => onBlur(id, code)}
        onFocus={() => onFocus(id, code)}
      />
    </div>
  );
}

/** The file types an image field takes (what the API recognises by their bytes). */
const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp,image/svg+xml,image/x-icon,.ico";

/** The file's bytes in base64 (the data URL's part after the comma). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The settings' images (a site path or an https URL): the image as it is now, its address to type,
 * and an upload that stores the file (/console/assets) and puts its address in the field.
 */
function ConsoleImage({
  id,
  htmlName,
  value,
  required,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const { t } = useTranslation();
  const [upload, setUpload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const address = typeof value === "string" ? value : "";
  const send = async (file: File) => {
    setUpload({ busy: true, error: null });
    try {
      const response = await fetch("/console/assets", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ data: await base64Of(file) }),
      });
      const answer = (await response.json()) as { url?: unknown; message?: unknown };
      if (response.ok && typeof answer.url === "string") {
        onChange(answer.url);
        setUpload({ busy: false, error: null });
      } else {
        const message =
          typeof answer.message === "string" ? answer.message : t("console.settings.uploadFailed");
        setUpload({ busy: false, error: message });
      }
    } catch {
      setUpload({ busy: false, error: t("console.settings.uploadFailed") });
    }
  };
  return (
    <div className="console-image">
      {/* Only the site's own images: another site's would be fetched from the staff member's browser. */}
      {address.startsWith("/") && (
        <img className="console-image__preview" src={address} alt={t("console.settings.currentImage")} />
      )}
      <input
        id={id}
        name={htmlName || id}
        type="text"
        value={address}
        required={required}
        disabled={disabled || readonly}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={`${id}__error ${id}__description ${id}__help`}
        onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
        onBlur={() => onBlur(id, address)}
        onFocus={() => onFocus(id, address)}
      />
      <label className="btn btn--secondary console-image__upload">
        {t("console.settings.uploadImage")}
        <input
          type="file"
          className="visually-hidden"
          accept={IMAGE_TYPES}
          disabled={disabled || readonly || upload.busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void send(file);
          }}
        />
      </label>
      <p className="console-image__status" role="status">
        {upload.busy ? t("console.settings.uploading") : ""}
      </p>
      {upload.error && (
        <p className="console-image__error" role="alert">
          {upload.error}
        </p>
      )}
    </div>
  );
}

/** An image's address as the settings' schema writes one: a site path or an https URL. */
const ASSET_URL_PATTERN = "^(/[^/\\s][^\\s]*|https://[^\\s]+)$";

/** A colour as the settings' schema writes one. */
const COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";

function isObjectSchema(definition: JSONSchema7Definition | undefined): definition is JSONSchema7 {
  return typeof definition === "object" && definition.type === "object";
}

/** The uiSchema with ConsoleGroup on every nested object and every list item that is an object. */
function withGroups(schema: JSONSchema7, ui: Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...ui };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (typeof property !== "object") continue;
    const field = { ...((ui[name] as Record<string, unknown> | undefined) ?? {}) };
    if (property.pattern === COLOR_PATTERN) field["ui:widget"] = ConsoleColor;
    if (property.pattern === ASSET_URL_PATTERN) field["ui:widget"] = ConsoleImage;
    if (isObjectSchema(property)) {
      Object.assign(field, withGroups(property, field), { "ui:ObjectFieldTemplate": ConsoleGroup });
    }
    const items = property.items;
    const itemUi = (field.items as Record<string, unknown> | undefined) ?? {};
    if (property.type === "array" && !Array.isArray(items) && isObjectSchema(items)) {
      field.items = { ...withGroups(items, itemUi), "ui:ObjectFieldTemplate": ConsoleGroup };
      field["ui:ArrayFieldItemTemplate"] = ConsoleListItem;
      field["ui:ArrayFieldTemplate"] = ConsoleList;
    } else if (property.type === "array" && field["ui:widget"] === undefined) {
      // A list of values (URIs, ids): each input named by the list, its label not repeated on screen.
      const listOptions = (field["ui:options"] as Record<string, unknown> | undefined) ?? {};
      field.items = {
        ...itemUi,
        ...(field["ui:title"] === undefined ? {} : { "ui:title": field["ui:title"] }),
        "ui:options": { ...(itemUi["ui:options"] as object), labelKey: listOptions.labelKey, label: false },
        "ui:classNames": "console-list-value",
      };
      field["ui:ArrayFieldItemTemplate"] = ConsoleListItem;
      field["ui:ArrayFieldTemplate"] = ConsoleList;
    }
    next[name] = field;
  }
  return next;
}

export function SettingsForm(props: ComponentProps<typeof SchemaForm>) {
  const { form } = props;
  const grouped = useMemo<FormDefinition>(
    () => ({ ...form, uiSchema: withGroups(form.schema, form.uiSchema) as FormDefinition["uiSchema"] }),
    [form],
  );
  return <SchemaForm {...props} form={grouped} />;
}
