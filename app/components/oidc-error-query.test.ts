import { describe, expect, it } from "vitest";
import { oidcErrorBodyFromQuery, oidcErrorDetails, oidcErrorStatus } from "./oidc-error-query.ts";

describe("oidcErrorStatus", () => {
  it("defaults to 500 when the status is missing or not a number", () => {
    expect(oidcErrorStatus(null)).toBe(500);
    expect(oidcErrorStatus("")).toBe(500);
    expect(oidcErrorStatus("abc")).toBe(500);
  });

  it("keeps statuses inside 400..599", () => {
    expect(oidcErrorStatus("400")).toBe(400);
    expect(oidcErrorStatus("503")).toBe(503);
    expect(oidcErrorStatus("599")).toBe(599);
  });

  it("clamps statuses outside 400..599", () => {
    expect(oidcErrorStatus("200")).toBe(400);
    expect(oidcErrorStatus("-1")).toBe(400);
    expect(oidcErrorStatus("600")).toBe(599);
    expect(oidcErrorStatus("1e9")).toBe(599);
  });

  it("drops a fractional part", () => {
    expect(oidcErrorStatus("401.9")).toBe(401);
  });
});

describe("oidcErrorBodyFromQuery and oidcErrorDetails", () => {
  it("carry error, error_description and the optional error_detail through the thrown body", () => {
    const query = new URLSearchParams({
      error: "invalid_request",
      error_description: "missing client_id",
      error_detail: "",
    });
    const body = oidcErrorBodyFromQuery(query);
    expect(body).toEqual({
      error: "invalid_request",
      error_description: "missing client_id",
      error_detail: undefined,
    });
    expect(oidcErrorDetails(400, body)).toEqual({
      status: 400,
      error: "invalid_request",
      description: "missing client_id",
      detail: undefined,
    });
  });

  it("ignores a body that is not an object or fields that are not text", () => {
    expect(oidcErrorDetails(500, "oops")).toEqual({ status: 500 });
    expect(oidcErrorDetails(400, { error: 42, error_detail: "x" })).toEqual({
      status: 400,
      error: undefined,
      description: undefined,
      detail: "x",
    });
  });
});
