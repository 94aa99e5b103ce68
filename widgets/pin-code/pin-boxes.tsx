import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface PinBoxesProps {
  /** The first box's id: the field's label, error links and focus land on it. */
  id: string;
  /** The field's label: each box is named by it and its place ("認証コード 1桁目"). */
  label?: string;
  /** Every box posts under this name; the action joins them (schemas/form-post.ts). */
  name: string;
  value: string;
  onChange(value: string): void;
  length: 4 | 6;
  masked: boolean;
  /** The first box's autofill hint (one-time-code, or off for the TV-profile PIN). */
  autoComplete: string;
  required?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  describedBy?: string;
  onFocus?(): void;
  onBlur?(): void;
}

function boxesOf(value: string, length: number): string[] {
  return Array.from({ length }, (_, i) => (/\d/.test(value[i] ?? "") ? (value[i] as string) : ""));
}

/**
 * A PIN or one-time code typed one digit per box (spec §5 PIN code), the same boxes for every code
 * of the site, in schema forms (PinCodeWidget) and the light login form (PlainForm) alike:
 *
 * - typing a digit fills the box and moves to the next; anything else is ignored;
 * - Backspace clears a filled box and stays there (the last box, after the code was typed, is
 *   cleared and typed again); in an empty box it clears the box before and moves there, as it
 *   would delete the digit before the caret; ← → move between boxes;
 * - a paste is taken only when it is all digits and exactly the code's length, filling every box
 *   (surrounding whitespace, as copied from a mail, is dropped first); any other paste is ignored;
 * - masked boxes show their digit only while focused;
 * - the first box offers autofill, which arrives like a paste of the whole code.
 *
 * The value is the boxes joined; a box left empty in the middle keeps its place on screen.
 * Without a script the whole code can be typed into the first box, which takes the code's length.
 */
export function PinBoxes(props: PinBoxesProps) {
  const { id, name, value, length, masked, invalid, required, disabled, readOnly } = props;
  const { t } = useTranslation();
  const [boxes, setBoxes] = useState(() => boxesOf(value, length));
  const [focused, setFocused] = useState<number | null>(null);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  // Follow a value set from outside (form reset); our own changes round-trip to the same boxes.
  useEffect(() => {
    setBoxes((current) => (current.join("") === value ? current : boxesOf(value, length)));
  }, [value, length]);

  const update = (next: string[]) => {
    setBoxes(next);
    props.onChange(next.join(""));
  };
  const focusBox = (index: number) => inputs.current[Math.max(0, Math.min(index, length - 1))]?.focus();

  const fillAll = (text: string): boolean => {
    const code = text.trim();
    if (code.length !== length || !/^\d+$/.test(code)) return false;
    update(code.split(""));
    focusBox(length - 1);
    return true;
  };

  const enterDigit = (index: number, digit: string) => {
    update(boxes.map((box, i) => (i === index ? digit : box)));
    if (index < length - 1) focusBox(index + 1);
  };

  const onInput = (index: number, typed: string, caret: number | null) => {
    if (typed.length > 1 && fillAll(typed)) return;
    // The character just typed sits before the caret, whether it replaced the box's digit (the box
    // selects on focus) or went beside it, and it may be the very digit the box held.
    const digit = typed.charAt((caret ?? typed.length) - 1);
    if (/^\d$/.test(digit)) enterDigit(index, digit);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // A digit key is taken here: typed over the same digit the input's value would not change, so
    // no change event would come and the focus would stay (retyping a refused code).
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      enterDigit(index, event.key);
    } else if (event.key === "Backspace") {
      event.preventDefault();
      const target = boxes[index] !== "" || index === 0 ? index : index - 1;
      update(boxes.map((box, i) => (i === target ? "" : box)));
      focusBox(target);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillAll(event.clipboardData.getData("text"));
  };

  return (
    <div className="sf-pin">
      {boxes.map((box, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          id={index === 0 ? id : `${id}__${index + 1}`}
          name={name}
          className="sf-pin__box"
          type={masked && focused !== index ? "password" : "text"}
          inputMode="numeric"
          autoComplete={index === 0 ? props.autoComplete : "off"}
          // Room for one more digit, so typing over a filled box replaces it; autofill gets the whole code.
          maxLength={index === 0 ? length : 2}
          value={box}
          aria-label={[props.label, t("form.pinDigit", { index: index + 1, length })]
            .filter(Boolean)
            .join(" ")}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          readOnly={readOnly}
          // biome-ignore lint/a11y/noAutofocus: only when the form asks for it (ui:autofocus)
          autoFocus={props.autoFocus && index === 0}
          onChange={(event) => onInput(index, event.target.value, event.target.selectionStart)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => {
            setFocused(index);
            event.target.select();
            props.onFocus?.();
          }}
          onBlur={() => {
            setFocused(null);
            props.onBlur?.();
          }}
          aria-describedby={props.describedBy}
        />
      ))}
    </div>
  );
}
