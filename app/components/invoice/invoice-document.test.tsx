// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Invoice } from "../../../schemas/types/invoice.gen.ts";
import { makeRootData, renderElement } from "../../../tests/render.tsx";
import { InvoiceDocument } from "./invoice-document.tsx";

const invoice: Invoice = {
  invoiceId: "3f0c6a2e-0000-4000-8000-000000000001",
  invoiceNumber: "2026-000042",
  copyNumber: 0,
  firstIssuedAt: "2026-06-10T03:00:00.000Z",
  orderInfoId: "9a1d2c3b-0000-4000-8000-000000000002",
  issuedAt: "2026-06-10T03:00:00.000Z",
  createdAt: "2026-05-31T15:00:00.000Z",
  issuer: {
    businessName: "ソラミル株式会社",
    address: "〒150-0002 東京都渋谷区渋谷2-21-1",
    invoiceRegistrationNumber: "T1000012030001",
    logoUrl: "/assets/logo.svg",
  },
  addressee: "株式会社テスト",
  honorific: "group",
  planName: "スタンダードプラン（月額）",
  accountPaymentMethod: {
    accountPaymentMethodId: "m-1",
    paymentMethodType: "SbpsCredit",
    isContractUsed: false,
    SbpsCreditInfo: { cardbrandCode: "V", cardNumberSuffix: "4242", expireDate: "203012" },
  },
  billingAmount: 1000,
  netBillingAmount: 910,
  taxAmount: 90,
  taxRate: 10,
  contactEmail: "taro@example.jp",
};

const render = (value: Invoice, language: "ja" | "en" = "ja") =>
  renderElement(<InvoiceDocument invoice={value} />, { root: makeRootData({ authId: "acc_1" }), language });

describe("InvoiceDocument (issue 45 §2; spec §3 Invoice)", () => {
  it("shows what a qualified invoice must: issuer and registration number, date, item, tax per rate, addressee", async () => {
    await render(invoice);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("領収書（適格請求書）");
    expect(screen.getByText("株式会社テスト").textContent).toBe("株式会社テスト 御中");
    expect(screen.getByText("ソラミル株式会社")).toBeTruthy();
    expect(screen.getByText("登録番号: T1000012030001")).toBeTruthy();
    expect(screen.getByText("2026年6月10日")).toBeTruthy();
    const details = screen.getByRole("table", { name: "明細" });
    expect(
      within(details)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["2026年6月1日 00:00", "スタンダードプラン（月額）", "Visa 末尾 4242", "¥1,000"]);
    expect(screen.getByText("2026-000042")).toBeTruthy();
    // What the money was for (但し書き), and where the issuer is.
    expect(screen.getByText("但し、スタンダードプラン（月額）代として")).toBeTruthy();
    expect(screen.getByText("〒150-0002 東京都渋谷区渋谷2-21-1")).toBeTruthy();
    expect(screen.queryByText("再発行")).toBeNull();
    const tax = screen.getByRole("table", { name: "税率別内訳" });
    expect(within(tax).getByRole("rowheader").textContent).toBe("10%対象");
    expect(
      within(tax)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["", "¥910", "¥90", "¥1,000"]);
    expect(screen.getByText("taro@example.jp")).toBeTruthy();
    expect(screen.getByRole("button", { name: "印刷する" })).toBeTruthy();
  });

  it("without an addressee or a registration number: no addressee line, a plain receipt", async () => {
    await render({
      ...invoice,
      addressee: null,
      honorific: "none",
      issuer: { ...invoice.issuer, invoiceRegistrationNumber: null },
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("領収書");
    expect(screen.queryByText(/御中|様/)).toBeNull();
    expect(screen.queryByText(/登録番号/)).toBeNull();
  });

  it("a copy issued again: the same number, marked 再発行, with the first issue's date and its own", async () => {
    await render({ ...invoice, invoiceId: "copy-2", copyNumber: 1, issuedAt: "2026-07-01T03:00:00.000Z" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("領収書（適格請求書）再発行");
    expect(screen.getByText("2026-000042")).toBeTruthy();
    const meta = Object.fromEntries(
      [...document.querySelectorAll(".invoice__meta div")].map((row) => [
        row.querySelector("dt")?.textContent,
        row.querySelector("dd")?.textContent,
      ]),
    );
    expect(meta).toEqual({
      初回発行日: "2026年6月10日",
      再発行日: "2026年7月1日",
      領収書番号: "2026-000042",
    });
  });

  it("in English, the honorific as chosen, the labels in English and one way of writing dates", async () => {
    await render({ ...invoice, honorific: "person", addressee: "Taro Yamada" }, "en");
    expect(screen.getByText("Taro Yamada").textContent).toBe("Taro Yamada 様");
    expect(screen.getByText("Jun 10, 2026")).toBeTruthy();
    const details = screen.getByRole("table", { name: "Details" });
    expect(within(details).getAllByRole("cell")[0]?.textContent).toBe("Jun 1, 2026 00:00");
    expect(document.body.textContent).not.toMatch(/\d{4}\/\d{2}\/\d{2}/);
    expect(screen.getByRole("table", { name: "By tax rate" })).toBeTruthy();
    expect(screen.getByText("Registration number: T1000012030001")).toBeTruthy();
  });
});
