// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../../../tests/render.tsx";
import { MainContent, useFocusOnNavigation } from "./main-content.tsx";

function Frame() {
  useFocusOnNavigation();
  return <Outlet />;
}

function Page({ title, next }: { title: string; next?: string }) {
  return (
    <MainContent>
      <h1>{title}</h1>
      {next && <Link to={next}>次へ</Link>}
    </MainContent>
  );
}

function PageWithField() {
  return (
    <MainContent>
      <h1>入力</h1>
      {/* biome-ignore lint/a11y/noAutofocus: the page's own focus, which the navigation keeps */}
      <input aria-label="コード" autoFocus />
    </MainContent>
  );
}

const routes = [
  {
    path: "",
    Component: Frame,
    children: [
      { path: "first", Component: () => <Page title="最初" next="/second" /> },
      { path: "second", Component: () => <Page title="次のページ" next="/field" /> },
      { path: "field", Component: PageWithField },
    ],
  },
];

describe("focus after a client-side navigation (issue 41 §8)", () => {
  it("leaves the first page alone, then moves to the new page's heading", async () => {
    const { user } = await renderRoutes(routes, { url: "/first" });
    await screen.findByRole("heading", { name: "最初" });
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getByRole("link", { name: "次へ" }));
    const heading = await screen.findByRole("heading", { name: "次のページ" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute("tabindex", "-1");
  });

  it("keeps a focus the new page set itself", async () => {
    const { user } = await renderRoutes(routes, { url: "/second" });
    await user.click(await screen.findByRole("link", { name: "次へ" }));
    const field = await screen.findByRole("textbox", { name: "コード" });
    await waitFor(() => expect(field).toHaveFocus());
  });
});
