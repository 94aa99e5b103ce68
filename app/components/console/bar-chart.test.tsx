// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart.tsx";

const months = ["2026-04", "2026-05", "2026-06"];

describe("BarChart", () => {
  it("is one named image, a bar per month and series, heights to scale, a legend of the series", () => {
    const { container } = render(
      <BarChart
        label="売上のグラフ"
        months={months}
        series={[
          { label: "新規", values: [2, 4, 0] },
          { label: "解約", values: [1, 0, 3] },
        ]}
      />,
    );
    expect(screen.getByRole("img", { name: "売上のグラフ" })).toBeTruthy();
    const bars = [...container.querySelectorAll("rect")];
    expect(bars).toHaveLength(6);
    const height = (index: number) => Number(bars[index]?.getAttribute("height"));
    // The top is 5 (the round ceiling of 4): 4 is twice as high as 2, 0 has no height.
    expect(height(2)).toBeCloseTo(2 * height(0));
    expect(height(4)).toBe(0);
    expect([...container.querySelectorAll(".bar-chart__grid text")].map((node) => node.textContent)).toEqual([
      "0",
      "5",
    ]);
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["新規", "解約"]);
  });

  it("stacks the series when asked: one bar's top is the month's sum", () => {
    const { container } = render(
      <BarChart
        label="契約者"
        months={months}
        stacked
        format={(value) => `¥${value}`}
        series={[
          { label: "a", values: [10, 0, 5] },
          { label: "b", values: [10, 0, 5] },
        ]}
      />,
    );
    const bars = [...container.querySelectorAll("rect")];
    const [first, second] = [bars[0], bars[1]];
    // b sits on a: its bottom is a's top.
    expect(Number(second?.getAttribute("y")) + Number(second?.getAttribute("height"))).toBeCloseTo(
      Number(first?.getAttribute("y")),
    );
    expect([...container.querySelectorAll(".bar-chart__grid text")].map((node) => node.textContent)).toEqual([
      "¥0",
      "¥10",
      "¥20",
    ]);
  });
});
