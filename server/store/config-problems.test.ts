import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import englishApi from "../../locales/en/api.json" with { type: "json" };
import japaneseApi from "../../locales/ja/api.json" with { type: "json" };
import { configProblem, filledMessage, problemText, schemaProblem } from "./config-problems.ts";

describe("a configuration problem", () => {
  it("reads in English as the path and the message with its values filled in", () => {
    expect(problemText(configProblem("plans.0.planId", "usedTwice", { value: "basic" }))).toBe(
      'plans.0.planId: "basic" is used twice',
    );
    expect(problemText(configProblem("", "mustListOpenid"))).toBe("must list openid");
    expect(filledMessage("{{a}} and {{b}}", { a: 1 })).toBe("1 and {{b}}");
  });

  it("has its message in both languages", () => {
    expect(Object.keys(japaneseApi.api.configProblems).sort()).toEqual(
      Object.keys(englishApi.api.configProblems).sort(),
    );
  });

  it("names the field a schema error is about: a missing one, an unknown one, an enum's choices", () => {
    const validate = new Ajv({ allErrors: true }).compile({
      type: "object",
      additionalProperties: false,
      required: ["name"],
      properties: { name: { type: "string" }, theme: { enum: ["light", "dark"] } },
    });
    validate({ theme: "blue", colour: 1 });
    const problems = (validate.errors ?? []).map((error) => problemText(schemaProblem(error, "setting")));
    expect(problems.sort()).toEqual(
      ["colour: is not a known setting", "name: is required", 'theme: must be one of "light", "dark"'].sort(),
    );
  });
});
