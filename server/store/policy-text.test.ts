import { describe, expect, it } from "vitest";
import { renderPolicyText } from "./policy-text.ts";

describe("renderPolicyText", () => {
  it("turns blank-line separated blocks into paragraphs, keeping single line breaks", () => {
    expect(renderPolicyText("第一段落です。\n二行目です。\n\n第二段落です。")).toBe(
      "<p>第一段落です。<br>二行目です。</p><p>第二段落です。</p>",
    );
  });

  it("renders headings and both kinds of list", () => {
    expect(renderPolicyText("## 第1条（適用）\n\n### 細則\n\n- 一\n- 二\n\n1. 甲\n2. 乙")).toBe(
      "<h2>第1条（適用）</h2><h3>細則</h3><ul><li>一</li><li>二</li></ul><ol><li>甲</li><li>乙</li></ol>",
    );
  });

  it("keeps a block that only partly looks like a list as a paragraph", () => {
    expect(renderPolicyText("次のとおりです。\n- 一")).toBe("<p>次のとおりです。<br>- 一</p>");
  });

  it("escapes markup, so a policy file cannot inject HTML", () => {
    expect(renderPolicyText("<script>alert(\"x\")</script> & 'quotes'")).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>",
    );
  });

  it("accepts Windows line endings", () => {
    expect(renderPolicyText("## 見出し\r\n\r\n本文")).toBe("<h2>見出し</h2><p>本文</p>");
  });
});
