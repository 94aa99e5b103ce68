/**
 * The page a member lands on when coming back from the payment provider's page did not end well
 * (a registration's or a purchase's 3-D Secure challenge, an approval): what happened, in the
 * API's words, and the way back to try again.
 */
import { Link } from "react-router";
import { PageTitle } from "../shell/page-title.tsx";

export function ProviderReturnFailed(props: {
  title: string;
  message: string;
  retryTo: string;
  retryLabel: string;
}) {
  return (
    <article className="screen">
      <PageTitle name={props.title} />
      <h1 className="screen__title">{props.title}</h1>
      <p className="alert alert--error" role="alert">
        {props.message}
      </p>
      <p className="screen__links">
        <Link to={props.retryTo}>{props.retryLabel}</Link>
      </p>
    </article>
  );
}
