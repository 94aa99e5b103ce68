import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./require-node.ts";

describe("the Node version the server needs", () => {
  it("refuses Node 20 and 22 with the way to run it", () => {
    for (const version of ["20.20.2", "22.12.0", "23.11.1"]) {
      expect(nodeVersionProblem(version)).toContain(`this is Node ${version}`);
      expect(nodeVersionProblem(version)).toContain("npm install && npm start");
    }
  });

  it("accepts Node 24 and newer", () => {
    expect(nodeVersionProblem("24.0.0")).toBeNull();
    expect(nodeVersionProblem("24.21.0")).toBeNull();
    expect(nodeVersionProblem("26.1.0")).toBeNull();
  });

  it("is the Node the tests themselves run on (npm scripts use the one npm install brought)", () => {
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
  });
});
