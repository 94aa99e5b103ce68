// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { LicensesScreenData } from "../../schemas/types/licenses-screen-data.gen.ts";
import { renderRoutes } from "../../tests/render.tsx";
import type { Route } from "./+types/app-licenses";
import AppLicenses, { loader } from "./app-licenses.tsx";

function renderLicenses(screenData: LicensesScreenData) {
  return renderRoutes([{ path: "app/licenses", loader: () => screenData, Component: AppLicenses }], {
    url: "/app/licenses",
  });
}

describe("/app/licenses loader", () => {
  it("loads the app/licenses screen data through the API", async () => {
    const screenData: LicensesScreenData = {
      licenses: [{ name: "react", version: "19.3.1", license: "MIT", repository: null, licenseText: null }],
    };
    const inProcess = vi.fn(async (_request: Request) => Response.json(screenData));
    const args = {
      request: new Request("http://localhost/app/licenses/"),
      context: { zapi: { inProcess, origin: null, clientAddress: null } },
      params: {},
    } as unknown as Route.LoaderArgs;
    await expect(loader(args)).resolves.toEqual(screenData);
    expect(new URL(inProcess.mock.calls[0]?.[0].url ?? "").pathname).toBe(
      "/zapi/internal/app/licenses/screen-data",
    );
  });
});

describe("/app/licenses page", () => {
  it("lists each package with version, licence, source link and the licence text in a disclosure", async () => {
    await renderLicenses({
      licenses: [
        {
          name: "react",
          version: "19.3.1",
          license: "MIT",
          repository: "git+https://github.com/facebook/react.git",
          licenseText: "MIT License\n\nCopyright (c) Meta Platforms, Inc. and affiliates.",
        },
        { name: "dayjs", version: "1.11.23", license: "MIT", repository: null, licenseText: null },
      ],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "ライセンス" })).toBeInTheDocument();
    expect(screen.getByText("2件のソフトウェア")).toBeInTheDocument();

    const react = within(screen.getByRole("heading", { name: "react" }).closest("li") as HTMLElement);
    expect(react.getByText("バージョン 19.3.1")).toBeInTheDocument();
    expect(react.getByText("MIT")).toBeInTheDocument();
    expect(react.getByRole("link", { name: "ソースコード（新しいタブで開きます）" })).toHaveAttribute(
      "href",
      "https://github.com/facebook/react",
    );
    expect(react.getByText("ライセンス全文を表示").closest("details")).not.toHaveAttribute("open");
    expect(react.getByText(/Copyright \(c\) Meta Platforms/)).toBeInTheDocument();

    const dayjs = within(screen.getByRole("heading", { name: "dayjs" }).closest("li") as HTMLElement);
    expect(dayjs.queryByRole("link")).not.toBeInTheDocument();
    expect(dayjs.queryByText("ライセンス全文を表示")).not.toBeInTheDocument();
  });

  it("draws no empty badge for a package that declares no licence", async () => {
    await renderLicenses({
      licenses: [{ name: "untold", version: "1.0.0", license: null, repository: null, licenseText: null }],
    });
    const item = (await screen.findByRole("heading", { name: "untold" })).closest("li") as HTMLElement;
    expect(item.querySelector(".badge")).toBeNull();
  });

  it("says so when there is nothing to list", async () => {
    await renderLicenses({ licenses: [] });
    expect(await screen.findByText("表示できるライセンス情報はありません。")).toBeInTheDocument();
  });
});
