import type { RJSFSchema, WidgetProps } from "@rjsf/utils";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PostalAddress } from "../../schemas/types/postal-lookup-result.gen.ts";
import { type ApiRequest, apiFailureOf, schemaFormContext } from "../form-context.ts";
import { digitsOnly } from "../shared/digits.ts";
import { FormattedInput } from "../shared/formatted-input.tsx";
import { ModalDialog } from "../shared/modal-dialog.tsx";
import { useHydrated } from "../use-hydrated.ts";

export const POSTAL_CODE_DIGITS = 7;
/** GET {LOOKUP_PATH}/{code} (spec §7). */
const LOOKUP_PATH = "/zapi/postal-code";

function isPostalAddress(value: unknown): value is PostalAddress {
  const address = value as Partial<PostalAddress> | null;
  return (
    typeof address?.prefectureCode === "number" &&
    typeof address.city === "string" &&
    typeof address.town === "string" &&
    typeof address.allAddress === "string"
  );
}

function formatPostalCode(raw: string) {
  const digits = digitsOnly(raw, POSTAL_CODE_DIGITS);
  return { display: digits, value: digits };
}

type Lookup = { ok: true; results: PostalAddress[] } | { ok: false; message: string | null };

async function lookUp(request: ApiRequest, code: string): Promise<Lookup> {
  try {
    // A 404 (no such code) resolves with its body, which has no results.
    const body = await request(`${LOOKUP_PATH}/${code}`, { method: "GET" });
    const results = Array.isArray(body.results) ? body.results.filter(isPostalAddress) : [];
    return { ok: true, results };
  } catch (error) {
    return { ok: false, message: apiFailureOf(error).apiMessage };
  }
}

/**
 * The postal code with its address search (spec §2 Sign-up, §5 Registration fields, §7):
 * - the code is digits only, at most 7 (a typed or pasted hyphen is dropped);
 * - 住所検索 is enabled only with 7 digits entered and no error on the field;
 * - one result fills the prefecture and address fields named by `ui:options.prefectureField`
 *   and `ui:options.addressField` (city + town), through SchemaForm's setFieldValues;
 * - several results open the 住所を選択 dialog; 決定 is disabled until one is chosen. Searching the
 *   same code again reopens it from the stored results without a new request;
 * - no result, or a failure, puts a message on the postal-code field (the server's when it sent one)
 *   and takes the keyboard focus there, to the code to correct; otherwise it stays on the button.
 */
export function PostalCodeWidget(props: WidgetProps) {
  const { id, name, value, options, registry, rawErrors, disabled, readonly } = props;
  const { t } = useTranslation();
  const { setFieldValues, setFieldError, request } = schemaFormContext(registry);
  const code = typeof value === "string" ? value : "";
  const latestCode = useRef(code);
  latestCode.current = code;
  const [searching, setSearching] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [candidates, setCandidates] = useState<{ code: string; results: PostalAddress[] } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const radioName = useId();
  const hydrated = useHydrated();

  const canSearch =
    code.length === POSTAL_CODE_DIGITS &&
    (rawErrors?.length ?? 0) === 0 &&
    !searching &&
    !disabled &&
    !readonly;

  const fill = (address: PostalAddress) => {
    const patch: Record<string, unknown> = {};
    const { prefectureField, addressField } = options;
    if (typeof prefectureField === "string") {
      const schema = registry.rootSchema.properties?.[prefectureField] as RJSFSchema | undefined;
      const numeric = schema?.type === "integer" || schema?.type === "number";
      patch[prefectureField] = numeric ? address.prefectureCode : String(address.prefectureCode);
    }
    if (typeof addressField === "string") patch[addressField] = `${address.city}${address.town}`;
    setFieldValues(patch);
    setAnnouncement(t("widgets.postalCode.filled", { address: address.allAddress }));
  };

  const openChoice = () => {
    setChosen(null);
    setAnnouncement("");
    setDialogOpen(true);
  };

  const search = async () => {
    if (candidates?.code === code) {
      openChoice();
      return;
    }
    setSearching(true);
    setAnnouncement(t("widgets.postalCode.searching"));
    const outcome = await lookUp(request, code);
    setSearching(false);
    // The code was edited while the request was out: its answer no longer applies.
    if (latestCode.current !== code) {
      setAnnouncement("");
      return;
    }
    if (!outcome.ok || outcome.results.length === 0) {
      setAnnouncement("");
      const message = outcome.ok
        ? t("widgets.postalCode.notFound")
        : outcome.message || t("widgets.genericError");
      setFieldError(name, message);
      // The search button is disabled while the field shows an error: the code is what to fix.
      document.getElementById(id)?.focus();
    } else if (outcome.results.length === 1) {
      fill(outcome.results[0] as PostalAddress);
    } else {
      setCandidates({ code, results: outcome.results });
      openChoice();
    }
  };

  const choice = chosen === null ? undefined : candidates?.results[chosen];
  return (
    <>
      <FormattedInput
        widget={props}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={POSTAL_CODE_DIGITS}
        format={formatPostalCode}
        display={(stored) => (typeof stored === "string" ? stored : "")}
      >
        {/* The search needs the script: before it runs the code is typed by hand, the address too. */}
        {hydrated && (
          <button
            type="button"
            className="btn btn--secondary"
            // Busy, not disabled, while searching: a disabled button would drop the keyboard
            // focus to the page's body (issue 41 §8), and the choice dialog returns it here.
            disabled={!canSearch && !searching}
            aria-disabled={searching || undefined}
            aria-busy={searching || undefined}
            onClick={() => {
              if (canSearch) void search();
            }}
          >
            {t("widgets.postalCode.search")}
          </button>
        )}
      </FormattedInput>
      <p className="sf-visually-hidden" role="status">
        {announcement}
      </p>
      <ModalDialog
        open={dialogOpen}
        title={t("widgets.postalCode.chooseTitle")}
        onClose={() => setDialogOpen(false)}
        actions={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setDialogOpen(false)}>
              {t("widgets.postalCode.close")}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!choice}
              onClick={() => {
                if (!choice) return;
                setDialogOpen(false);
                fill(choice);
              }}
            >
              {t("widgets.postalCode.decide")}
            </button>
          </>
        }
      >
        <fieldset className="sf-choices">
          <legend className="sf-visually-hidden">{t("widgets.postalCode.chooseTitle")}</legend>
          {candidates?.results.map((address, index) => (
            <label key={`${address.allAddress}-${index}`} className="sf-choice">
              <input
                type="radio"
                name={radioName}
                checked={chosen === index}
                onChange={() => setChosen(index)}
              />
              <span>{address.allAddress}</span>
            </label>
          ))}
        </fieldset>
      </ModalDialog>
    </>
  );
}
