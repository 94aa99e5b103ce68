import { Outlet } from "react-router";
import { MainContent } from "../components/shell/main-content.tsx";
import { SiteShell } from "../components/shell/site-shell.tsx";

/** Header, one centred narrow card for the form, footer: login, sign-up and password screens. */
export default function LoginLayout() {
  return (
    <SiteShell>
      <MainContent className="site-main auth-layout">
        <div className="container container--narrow">
          <div className="card page-card">
            <Outlet />
          </div>
        </div>
      </MainContent>
    </SiteShell>
  );
}
