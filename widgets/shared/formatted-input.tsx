import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import {
  type ChangeEvent,
  type ClipboardEvent,
  type CompositionEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useFieldText } from "../labels.ts";
import { useHydrated } from "../use-hydrated.ts";
import { autocompleteOf } from "./autocomplete.ts";

export interface Formatted {
  /** What the input shows. */
  display: string;
  /** What the form stores; "" is stored as the field's emptyValue. */
  value: string;
}

export interface FormattedInputProps {
  widget: WidgetProps;
  /** Turns whatever was typed or pasted into the shown text and the stored value. */
  format(raw: string): Formatted;
  /** The shown text for a stored value. */
  display(value: unknown): string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  /** The autofill hint unless the uiSchema gives one. */
  autoComplete: string;
  maxLength?: number;
  type?: "text" | "tel";
  /** Rendered after the input inside the same wrapper (e.g. a search button). */
  children?: ReactNode;
  /** Told what was typed or pasted, before it is formatted (the birthday widget's correction notice). */
  onInput?(raw: string): void;
  /** The id of a line that describes the input besides the field's help and errors. */
  describedBy?: string;
  /**
   * No name: the value is never part of a form post (card data, which only the provider's token
   * script may send).
   */
  unnamed?: boolean;
}

/** Characters that keep their place when the text is reformatted (separators do not). */
const SIGNIFICANT = /[0-9A-Za-z]/;

function significantBefore(text: string, position: number): number {
  let count = 0;
  for (const char of text.slice(0, position)) if (SIGNIFICANT.test(char)) count++;
  return count;
}

function positionAfterSignificant(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (SIGNIFICANT.test(text[i] ?? "") && ++seen === count) return i + 1;
  }
  return text.length;
}

/**
 * A text input that reformats as the user types (digits only, separators inserted) without
 * fighting the IME or the caret:
 * - while an IME composes, the text is left alone and formatted once composition ends;
 * - after a reformat the caret stays after the same digit it followed (or at the end).
 */
export function FormattedInput(props: FormattedInputProps) {
  const {
    widget,
    format,
    display,
    inputMode,
    autoComplete,
    maxLength,
    type = "text",
    children,
    onInput,
    describedBy,
    unnamed = false,
  } = props;
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, options, rawErrors } =
    widget;
  const text = useFieldText();
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  // The IME's text while it composes; a ref too, since browsers differ on whether the last input
  // event comes before or after compositionend, and state would lag behind.
  const composing = useRef(false);
  const [draft, setDraft] = useState<string | null>(null);
  const pendingCaret = useRef<number | "end" | null>(null);
  const shown = draft ?? display(value);

  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pendingCaret.current;
    if (!input || caret === null || document.activeElement !== input) return;
    pendingCaret.current = null;
    const position = caret === "end" ? input.value.length : positionAfterSignificant(input.value, caret);
    input.setSelectionRange(position, position);
  });

  const commit = (raw: string, caret: number | null) => {
    onInput?.(raw);
    const formatted = format(raw);
    pendingCaret.current = caret === null || caret >= raw.length ? "end" : significantBefore(raw, caret);
    widget.onChange(formatted.value === "" ? options.emptyValue : formatted.value);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (composing.current || (event.nativeEvent as InputEvent).isComposing) {
      setDraft(event.target.value);
      return;
    }
    setDraft(null);
    commit(event.target.value, event.target.selectionStart);
  };

  // Pasted text is inserted by hand: the browser would first cut it to maxLength, and "104-0061"
  // or "1990/05/15" are longer than what they format to only until the separators are dropped.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData("text");
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    commit(input.value.slice(0, start) + pasted + input.value.slice(end), start + pasted.length);
  };

  const onCompositionStart = (event: CompositionEvent<HTMLInputElement>) => {
    composing.current = true;
    setDraft(event.currentTarget.value);
  };

  const onCompositionEnd = (event: CompositionEvent<HTMLInputElement>) => {
    composing.current = false;
    setDraft(null);
    commit(event.currentTarget.value, event.currentTarget.selectionStart);
  };

  return (
    <div className="sf-input-row">
      <input
        ref={inputRef}
        id={id}
        name={unnamed ? undefined : htmlName || id}
        type={type}
        className="sf-input"
        value={shown}
        inputMode={inputMode}
        autoComplete={autocompleteOf(options, autoComplete)}
        // The length limit counts what the script keeps (digits); typed by hand before it runs,
        // 100-0001 or 1990/04/15 must fit with their separators, which the server drops.
        maxLength={hydrated && draft === null ? maxLength : undefined}
        required={required}
        aria-required={required || undefined}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        disabled={disabled}
        readOnly={readonly}
        // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
        autoFocus={autofocus}
        placeholder={placeholder ? text.text(placeholder) : undefined}
        onChange={onChange}
        onPaste={onPaste}
        onCompositionStart={onCompositionStart}
        onCompositionEnd={onCompositionEnd}
        onBlur={(event) => {
          const formatted = format(event.target.value).value;
          widget.onBlur(id, formatted || options.emptyValue);
        }}
        onFocus={(event) => widget.onFocus(id, event.target.value)}
        aria-describedby={describedBy ? `${ariaDescribedByIds(id)} ${describedBy}` : ariaDescribedByIds(id)}
      />
      {children}
    </div>
  );
}
