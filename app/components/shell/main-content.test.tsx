// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { Form, Link, Outlet, useActionData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoutes } from "../../../tests/render.tsx";
import { useFocusKeptOnThePage } from "../account/focus-kept.ts";
import { MainContent, useFocusOnNavigation } from "./main-content.tsx";

function Frame() {
  useFocusOnNavigation();
  useFocusKeptOnThePage();
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

/** A page whose post stays on it and replaces the button pressed with a message. */
function PageThatStays() {
  const done = useActionData() as { done: boolean } | undefined;
  return (
    <MainContent>
      <h1>ご契約プラン</h1>
      {done ? (
        <p role="status">プランを継続しました</p>
      ) : (
        <Form method="post">
          <button type="submit">プランを継続する</button>
        </Form>
      )}
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
      { path: "stays", Component: PageThatStays, action: () => ({ done: true }) },
    ],
  },
];

afterEach(() => {
  Object.defineProperty(document, "referrer", { value: "", configurable: true });
});

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

  it("after a post that stays on its page and removes the button pressed: the page's message", async () => {
    const { user } = await renderRoutes(routes, { url: "/stays" });
    await user.click(await screen.findByRole("button", { name: "プランを継続する" }));
    const message = await screen.findByRole("status");
    await waitFor(() => expect(message).toHaveFocus());
  });

  it("a page another site sent the browser to (a provider's return) starts at its heading", async () => {
    Object.defineProperty(document, "referrer", { value: "https://acs.issuer.example/", configurable: true });
    await renderRoutes(routes, { url: "/first" });
    const heading = await screen.findByRole("heading", { name: "最初" });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
