import { Outlet } from "react-router";
import { MainContent } from "../components/shell/main-content.tsx";
import { SiteShell } from "../components/shell/site-shell.tsx";

/** Header, the page, footer: the top page and other public pages. */
export default function GuestLayout() {
  return (
    <SiteShell>
      <MainContent className="site-main">
        <Outlet />
      </MainContent>
    </SiteShell>
  );
}
