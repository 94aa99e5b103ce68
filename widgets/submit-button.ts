/**
 * Whether a pointer press lands on a submit button. While one is pressed, a field the press takes
 * the focus from shows no message yet: a message appearing then would move the button away under
 * the pointer and swallow the click; the submit checks every field anyway. (Leaving a field with
 * the keyboard still shows its message.)
 */
export function isSubmitButtonPress(target: EventTarget | null): boolean {
  return (
    typeof Element !== "undefined" &&
    target instanceof Element &&
    target.closest('button[type="submit"]') !== null
  );
}
