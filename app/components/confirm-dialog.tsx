/**
 * The one way a member confirms what cannot be undone (disconnecting an app, deleting a payment
 * method, unlinking a sign-in provider): a link adds `?confirm={kind}&about={id}` to the page
 * (useConfirmQuestion), the page draws this
 * dialog for it, and its button posts the page's form. Drawn open by the server, so it works
 * without script; with script it becomes modal (backdrop, focus kept inside, Esc closes). Closing
 * goes back to the page without the question.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";

export interface ConfirmDialogProps {
  title: string;
  /** What happens, in a sentence or two (none when the title says it all). */
  children?: ReactNode;
  /** The page without the question: where closing goes. */
  closeTo: string;
  closeLabel: string;
  confirmLabel: string;
  /** The post's fields (its intent and what it is about). */
  fields: Readonly<Record<string, string>>;
}

/** The question a page's query asks, the links that ask one, and the page without it. */
export function useConfirmQuestion() {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const kind = query.get("confirm");
  const asked = kind ? { kind, about: query.get("about") } : null;
  // The rest of the query stays (a plan's form to go back to, say).
  query.delete("confirm");
  query.delete("about");
  const pageOf = (params: URLSearchParams) => (params.size > 0 ? `${pathname}?${params}` : pathname);
  return {
    asked,
    closeTo: pageOf(query),
    /** The page asking `kind` (about one of its things, by id). */
    ask(kind: string, about?: string) {
      const params = new URLSearchParams(query);
      params.set("confirm", kind);
      if (about !== undefined) params.set("about", about);
      return pageOf(params);
    },
  };
}

export function ConfirmDialog({
  title,
  children,
  closeTo,
  closeLabel,
  confirmLabel,
  fields,
}: ConfirmDialogProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const element = dialog.current;
    // A browser without modal dialogs keeps it open in the page, as drawn.
    if (element && typeof element.showModal === "function" && !element.matches(":modal")) {
      element.close();
      element.showModal();
    }
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onClose={() => {
        // The close of reopening it as a modal arrives when it is open again: not the member's.
        if (!dialog.current?.open) navigate(closeTo, { replace: true, preventScrollReset: true });
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
      </div>
      {children && (
        <div className="dialog__body" id={bodyId}>
          {children}
        </div>
      )}
      {/* Posted to the page without the question: a refusal shows on the page, the dialog closed. */}
      <Form method="post" action={closeTo} className="dialog__footer">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={closeTo} replace preventScrollReset className="btn btn--secondary">
          {closeLabel}
        </Link>
        {/* biome-ignore lint/a11y/noAutofocus: the question has just opened; its answer is what comes next */}
        <button type="submit" className="btn btn--danger" disabled={busy} aria-busy={busy} autoFocus>
          {confirmLabel}
        </button>
      </Form>
    </dialog>
  );
}
