import type { EnumOptionsType } from "@rjsf/utils";

/**
 * Choices carry their real value in the DOM ("1", "male", "true") rather than rjsf's default
 * index, so the markup reads naturally; decoding maps it back to the typed enum value.
 */
export function encodeOption(value: unknown): string {
  return String(value);
}

export function decodeOption(encoded: string, options: EnumOptionsType[] | undefined): unknown {
  return options?.find((option) => String(option.value) === encoded)?.value;
}
