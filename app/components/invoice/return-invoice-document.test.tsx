// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReturnInvoice } from "../../../schemas/types/return-invoice.gen.ts";
import { makeRootData, renderElement } from "../../../tests/render.tsx";
import { ReturnInvoiceDocument } from "./return-invoice-document.tsx";

const invoice: ReturnInvoice = {
  refundId: "3f0c6a2e-0000-4000-8000-000000000009",
  returnInvoiceNumber: "R2026-000007",
  refundedAt: "2026-06-10T03:00:00.000Z",
  chargedAt: "2026-05-31T15:00:00.000Z",
  orderInfoId: "9a1d2c3b-0000-4000-8000-000000000002",
  issuer: {
    businessName: "ソラミル株式会社",
    address: "〒150-0002 東京都渋谷区渋谷2-21-1",
    invoiceRegistrationNumber: "T1000012030001",
    logoUrl: "/assets/logo.svg",
  },
  planName: "スタンダードプラン（月額）",
  amount: 500,
  netAmount: 455,
  taxAmount: 45,
  taxRate: 10,
};

const render = (value: ReturnInvoice, language: "ja" | "en" = "ja") =>
  renderElement(<ReturnInvoiceDocument invoice={value} />, {
    root: makeRootData({ authId: "acc_1" }),
    language,
  });

describe("ReturnInvoiceDocument", () => {
  it("shows what a qualified return invoice must: issuer and number, both dates, the refund and its tax per rate", async () => {
    await render(invoice);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("返還請求書（適格返還請求書）");
    expect(screen.getByText("登録番号: T1000012030001")).toBeTruthy();
    expect(screen.getByText("R2026-000007")).toBeTruthy();
    // The refund's day, and the day of the sale it gives back from (Japan time).
    expect(screen.getByText("2026年6月10日")).toBeTruthy();
    const details = screen.getByRole("table", { name: "返金の明細" });
    expect(
      within(details)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["2026年6月1日", "スタンダードプラン（月額）", "¥500"]);
    const tax = screen.getByRole("table", { name: "税率別内訳" });
    expect(within(tax).getByRole("rowheader").textContent).toBe("10%対象");
    expect([...tax.querySelectorAll("tbody td")].map((cell) => cell.textContent)).toEqual([
      "¥455",
      "¥45",
      "¥500",
    ]);
  });

  it("is a plain return note for a store that is not a registered issuer, in English too", async () => {
    await render({ ...invoice, issuer: { ...invoice.issuer, invoiceRegistrationNumber: null } }, "en");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Return invoice");
    expect(screen.queryByText(/Registration number/)).toBeNull();
    expect(screen.getByText("Refund for スタンダードプラン（月額）")).toBeTruthy();
  });
});
