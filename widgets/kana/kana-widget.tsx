import { getTemplate, type WidgetProps } from "@rjsf/utils";
import { toKatakana } from "./to-katakana.ts";

/**
 * A kana name field. Text is left exactly as the IME composes it while typing; on leaving the
 * field hiragana (and half-width kana) become full-width katakana, the form the rules accept.
 */
export function KanaWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate("BaseInputTemplate", props.registry, props.options);
  const { id, onChange, onBlur, options } = props;
  const convertOnBlur = (_id: string, value: unknown) => {
    const text = typeof value === "string" ? value : "";
    const katakana = toKatakana(text);
    if (katakana !== text) onChange(katakana === "" ? options.emptyValue : katakana);
    onBlur(id, katakana);
  };
  return <BaseInputTemplate {...props} type="text" onBlur={convertOnBlur} />;
}
