import { describe, expect, it } from "vitest";
import { centredSquare, fileProblem, MAX_SOURCE_FILE_BYTES } from "./profile-image.ts";

describe("centredSquare", () => {
  it.each([
    [400, 300, { x: 50, y: 0, side: 300 }],
    [300, 400, { x: 0, y: 50, side: 300 }],
    [200, 200, { x: 0, y: 0, side: 200 }],
    [101, 50, { x: 25, y: 0, side: 50 }],
  ])("crops %i×%i to its centre", (width, height, square) => {
    expect(centredSquare(width, height)).toEqual(square);
  });
});

describe("fileProblem", () => {
  it("takes JPEG, PNG and GIF files of a sensible size", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif"])
      expect(fileProblem({ type, size: 1000 })).toBeNull();
  });
  it("refuses other types and huge files", () => {
    expect(fileProblem({ type: "image/webp", size: 1000 })).toBe("type");
    expect(fileProblem({ type: "image/svg+xml", size: 1000 })).toBe("type");
    expect(fileProblem({ type: "", size: 1000 })).toBe("type");
    expect(fileProblem({ type: "image/png", size: MAX_SOURCE_FILE_BYTES + 1 })).toBe("size");
  });
});
