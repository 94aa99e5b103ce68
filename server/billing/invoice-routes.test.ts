/**
 * Qualified invoices (issue 45 §2; spec §3 Invoice, §5 Invoice addressee, §9): the dialog's data,
 * the issue with its addressee, the kept copy, the tax per rate rounded down once, the issuer's
 * registration number, and 404 for anything that is not the member's own taken charge.
 */

import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { taxBreakdown } from "../../schemas/consumption-tax.ts";
import invoiceSchema from "../../schemas/invoice.schema.json" with { type: "json" };
import paymentMethodSchema from "../../schemas/payment-method.schema.json" with { type: "json" };
import { createAjv } from "../../schemas/validation.ts";
import { createTestApi, type TestApi, TestBrowser } from "../../tests/api-harness.ts";
import { type Subscriber, subscribe, subscriber } from "../../tests/subscription-fixtures.ts";
import { charges, issuedInvoices, paymentMethods } from "../db/schema.ts";
import { invoiceableCharge, issueInvoice } from "./invoices.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

async function signedIn(): Promise<Subscriber & { on: TestBrowser }> {
  const who = await subscriber(t);
  const on = new TestBrowser(t);
  const login = await on.post("/zapi/login", {
    emailUserId: who.email,
    password: who.password,
    loginMethod: "Password",
  });
  expect(login.status).toBe(200);
  return { ...who, on };
}

/** A renewal charge of a monthly subscription, taken at 2026-06-01 09:00 in Japan. */
async function charge(
  who: Subscriber,
  amount = 990,
  status: "succeeded" | "failed" = "succeeded",
): Promise<string> {
  const contractId = await subscribe(t, who, "standard-monthly", {
    status: "ONGOING_CONTRACT",
    nextSettlementDay: "2026-07-01",
    anchorDay: 1,
  });
  const tax = taxBreakdown(amount);
  const [row] = await t.db
    .insert(charges)
    .values({
      accountId: who.accountId,
      idempotencyKey: `test:${randomUUID()}`,
      contractId,
      planId: "standard-monthly",
      paymentMethodId: who.methodId,
      amount,
      taxAmount: tax.taxAmount,
      taxRate: tax.taxRate,
      status,
      cycleDay: "2026-06-01",
      createdAt: new Date("2026-06-01T00:00:00Z"),
    })
    .returning({ id: charges.id });
  return row?.id ?? "";
}

const screenData = (who: { on: TestBrowser }, earningsId: string, query = "") =>
  who.on.get(`/zapi/internal/mypage/invoice/${earningsId}/screen-data${query}`);

const issue = (who: { on: TestBrowser }, earningsId: string, body: Record<string, unknown>) =>
  who.on.post(`/zapi/account/invoice/${earningsId}`, body);

async function issued(who: { on: TestBrowser }, earningsId: string, body: Record<string, unknown>) {
  const response = await issue(who, earningsId, body);
  expect(response.status).toBe(200);
  const answer = (await json(response)) as { invoiceId: string; redirectTo: string };
  expect(answer.redirectTo).toBe(`/mypage/invoice/${earningsId}?invoiceId=${answer.invoiceId}`);
  return answer.invoiceId;
}

describe("invoices (issue 45 §2)", () => {
  it("the dialog's data names the charge; the issue keeps a copy the page then shows", async () => {
    const who = await signedIn();
    const earningsId = await charge(who, 1980);
    expect(await json(await screenData(who, earningsId))).toEqual({
      charge: {
        earningsId,
        createdAt: "2026-06-01T00:00:00.000Z",
        planName: "スタンダードプラン（月額）",
        billingAmount: 1980,
      },
    });
    const invoiceId = await issued(who, earningsId, {
      specifyAddressee: true,
      addressee: "株式会社テスト",
      honorific: "group",
    });
    const shown = await json(await screenData(who, earningsId, `?invoiceId=${invoiceId}`));
    expect(shown.invoice).toEqual({
      invoiceId,
      // The year of the first issue in Japan and a serial.
      invoiceNumber: expect.stringMatching(/^2026-\d{6}$/),
      copyNumber: 0,
      firstIssuedAt: "2026-06-10T03:00:00.000Z",
      orderInfoId: earningsId,
      issuedAt: "2026-06-10T03:00:00.000Z",
      createdAt: "2026-06-01T00:00:00.000Z",
      issuer: {
        businessName: "ソラミル株式会社",
        address: "〒150-0002 東京都渋谷区渋谷2-21-1",
        invoiceRegistrationNumber: "T1000012030001",
        logoUrl: expect.any(String),
      },
      addressee: "株式会社テスト",
      honorific: "group",
      planName: "スタンダードプラン（月額）",
      accountPaymentMethod: expect.objectContaining({
        paymentMethodType: "SbpsCredit",
        SbpsCreditInfo: expect.objectContaining({ cardNumberSuffix: "4242" }),
      }),
      // ¥1,980 tax included: tax ¥180 at 10 %, net ¥1,800.
      billingAmount: 1980,
      netBillingAmount: 1800,
      taxAmount: 180,
      taxRate: 10,
      contactEmail: who.email,
    });
    // Both answers in the shape the page reads (invoice.schema.json, which the page's type comes from).
    const ajv = createAjv();
    ajv.addSchema(paymentMethodSchema);
    const validate = ajv.compile(invoiceSchema);
    expect(validate(shown), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(await json(await screenData(who, earningsId))), JSON.stringify(validate.errors)).toBe(
      true,
    );
    expect(validate({ ...shown, invoice: { ...(shown.invoice as object), taxRate: "10%" } })).toBe(false);
    // In English: the issuer's and the plan's English names.
    const english = await json(await screenData(who, earningsId, `?invoiceId=${invoiceId}&lng=en`));
    expect(english.invoice).toMatchObject({
      issuer: { businessName: "Soramiru Inc.", address: "2-21-1 Shibuya, Shibuya-ku, Tokyo 150-0002" },
      planName: "Standard (monthly)",
    });
    expect(await t.db.$count(issuedInvoices)).toBe(1);
  });

  it("one payment, one number for ever: asking again issues a copy marked as such, with its own date and addressee", async () => {
    const who = await signedIn();
    const first = await charge(who, 1980);
    const other = await charge(who, 990);
    const original = await issued(who, first, { specifyAddressee: false });
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    const again = await issued(who, first, {
      specifyAddressee: true,
      addressee: "経理部",
      honorific: "group",
    });
    const third = await issued(who, first, { specifyAddressee: false });
    const view = async (invoiceId: string) =>
      (await json(await screenData(who, first, `?invoiceId=${invoiceId}`))).invoice as Record<
        string,
        unknown
      >;
    const { invoiceNumber } = await view(original);
    expect(invoiceNumber).toMatch(/^2026-\d{6}$/);
    expect(await view(original)).toMatchObject({ copyNumber: 0, addressee: null });
    expect(await view(again)).toMatchObject({
      invoiceNumber,
      copyNumber: 1,
      firstIssuedAt: "2026-06-10T03:00:00.000Z",
      issuedAt: "2026-06-13T03:00:00.000Z",
      addressee: "経理部",
    });
    expect(await view(third)).toMatchObject({ invoiceNumber, copyNumber: 2 });
    // Another payment has a number of its own; every copy is kept.
    const otherInvoice = await issued(who, other, { specifyAddressee: false });
    const otherView = (await json(await screenData(who, other, `?invoiceId=${otherInvoice}`))).invoice;
    expect((otherView as Record<string, unknown>).invoiceNumber).not.toBe(invoiceNumber);
    expect(await t.db.$count(issuedInvoices)).toBe(4);
  });

  it("issues asked at once (other tabs, other processes) are one first issue and copies, under one number", async () => {
    const who = await signedIn();
    const earningsId = await charge(who, 1980);
    const found = await invoiceableCharge(t.db, who.accountId, earningsId);
    if (!found) throw new Error("the charge is not invoiceable");
    const ask = () =>
      issueInvoice(t.db, {
        accountId: who.accountId,
        charge: found,
        issuer: {
          name: "ソラミル株式会社",
          nameEn: null,
          registrationNumber: null,
          address: null,
          addressEn: null,
        },
        plan: { name: "スタンダードプラン（月額）", nameEn: null },
        addressee: null,
        honorific: "none",
        contactEmail: null,
        now: t.clock.now(),
      });
    // On PostgreSQL each runs on a connection of its own, their transactions side by side.
    await Promise.all(Array.from({ length: 8 }, ask));
    const copies = await t.db.select().from(issuedInvoices);
    expect(copies.map((copy) => copy.copyNumber).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(copies.map((copy) => copy.invoiceNumber)).size).toBe(1);
  });

  it("rounds the tax down once per invoice: ¥1,000 → tax ¥90, net ¥910", async () => {
    const who = await signedIn();
    const earningsId = await charge(who, 1000);
    const invoiceId = await issued(who, earningsId, { specifyAddressee: false });
    const { invoice } = (await json(await screenData(who, earningsId, `?invoiceId=${invoiceId}`))) as {
      invoice: Record<string, unknown>;
    };
    expect(invoice).toMatchObject({
      billingAmount: 1000,
      taxAmount: 90,
      netBillingAmount: 910,
      taxRate: 10,
      addressee: null,
      honorific: "none",
    });
  });

  it("the copy keeps the method as it was after the card is removed", async () => {
    const who = await signedIn();
    const earningsId = await charge(who);
    const invoiceId = await issued(who, earningsId, {
      specifyAddressee: true,
      addressee: "山田 太郎",
      honorific: "person",
    });
    await t.db.update(paymentMethods).set({ cardLast4: "0000", deletedAt: new Date() });
    const { invoice } = (await json(await screenData(who, earningsId, `?invoiceId=${invoiceId}`))) as {
      invoice: { accountPaymentMethod: { SbpsCreditInfo: { cardNumberSuffix: string } }; honorific: string };
    };
    expect(invoice.accountPaymentMethod.SbpsCreditInfo.cardNumberSuffix).toBe("4242");
    expect(invoice.honorific).toBe("person");
  });

  it.each([
    [{ specifyAddressee: true }, "宛名を入力してください"],
    [{ specifyAddressee: true, addressee: "   " }, "宛名を入力してください"],
    [{ specifyAddressee: true, addressee: "あ".repeat(101) }, "宛名は100文字以内で入力してください"],
    [{ specifyAddressee: true, addressee: "株式会社テスト", honorific: "殿" }, null],
    [{ specifyAddressee: "yes" }, null],
    // An addressee is only ever written when the box says so (the form omits it when unticked).
    [{ specifyAddressee: false, addressee: "株式会社テスト", honorific: "group" }, null],
  ])("refuses %j with 400 and issues nothing", async (body, message) => {
    const who = await signedIn();
    const earningsId = await charge(who);
    const response = await issue(who, earningsId, body);
    expect(response.status).toBe(400);
    const answer = JSON.stringify(await json(response));
    if (message) expect(answer).toContain(message);
    expect(await t.db.$count(issuedInvoices)).toBe(0);
  });

  it("100 characters are an addressee", async () => {
    const who = await signedIn();
    const earningsId = await charge(who);
    await issued(who, earningsId, { specifyAddressee: true, addressee: "あ".repeat(100) });
  });

  it("another member's charge, a declined or ¥0 one, or no id at all: 404, and nothing issued", async () => {
    const owner = await signedIn();
    const theirs = await charge(owner);
    const other = await signedIn();
    const declined = await charge(other, 990, "failed");
    const free = await charge(other, 0);
    const invoiceOfOwner = await issued(owner, theirs, { specifyAddressee: false });
    const before = await t.db.$count(issuedInvoices);
    for (const earningsId of [theirs, declined, free, randomUUID(), "not-an-id", "..%2F..%2Froot"]) {
      const shown = await screenData(other, earningsId);
      expect(shown.status, earningsId).toBe(404);
      expect(await json(shown)).toMatchObject({ code: "INVOICE_NOT_FOUND" });
      expect((await issue(other, earningsId, { specifyAddressee: false })).status, earningsId).toBe(404);
    }
    // The owner's copy is not another member's to read, even with its id.
    expect((await screenData(other, theirs, `?invoiceId=${invoiceOfOwner}`)).status).toBe(404);
    // Nor under another of the owner's own charges, nor by a made-up id.
    const second = await charge(owner);
    for (const query of [`?invoiceId=${randomUUID()}`, "?invoiceId=x", "?invoiceId="]) {
      expect((await screenData(owner, theirs, query)).status, query).toBe(404);
    }
    expect((await screenData(owner, second, `?invoiceId=${invoiceOfOwner}`)).status).toBe(404);
    expect(await t.db.$count(issuedInvoices)).toBe(before);
  });

  it("a guest is asked to log in", async () => {
    const who = await signedIn();
    const earningsId = await charge(who);
    const guest = new TestBrowser(t);
    expect((await guest.get(`/zapi/internal/mypage/invoice/${earningsId}/screen-data`)).status).toBe(401);
    expect(
      (await guest.post(`/zapi/account/invoice/${earningsId}`, { specifyAddressee: false })).status,
    ).toBe(401);
  });
});
