/**
 * /auth (spec §2 External authentication): the social login area has no page of its own; its
 * address leads to the login page, where the providers' buttons are. A resource route: no page,
 * no client code.
 */
import { redirect } from "react-router";

export function loader() {
  return redirect("/login");
}
