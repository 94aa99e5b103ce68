/**
 * A page of about the product's login page: a header, a two-field form, footer links, and ~12 kB
 * of loader data (a store-settings-like object), rendered from that data with no work of its own.
 */
import { useLoaderData } from "react-router";

interface Item {
  id: string;
  label: string;
  labelEn: string;
  url: string;
  rule: "REQUIRED" | "OPTIONAL" | "NOT_USE";
}

/** Built once: the bare page does nothing per request but hand it over. */
const SETTINGS = {
  serviceName: "ソラミル",
  serviceDescription: "映画・ドラマ・アニメを、いつでもどこでも。".repeat(8),
  items: Array.from(
    { length: 45 },
    (_, index): Item => ({
      id: `item-${index}`,
      label: `項目${index}のラベル（会員情報）`,
      labelEn: `Label of item ${index} (member details)`,
      url: `https://help.example.jp/articles/${index}`,
      rule: (["REQUIRED", "OPTIONAL", "NOT_USE"] as const)[index % 3]!,
    }),
  ),
};

export function loader() {
  return { settings: SETTINGS };
}

export function meta() {
  return [{ title: `ログイン | ${SETTINGS.serviceName}` }];
}

export default function Page() {
  const { settings } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="header">
        <a href="/" className="header__logo">
          {settings.serviceName}
        </a>
        <nav>
          <a href="/signup">新規会員登録</a> <a href="/login">ログイン</a>
        </nav>
      </header>
      <main id="main-content">
        <article className="card">
          <h1>ログイン</h1>
          <p>{settings.serviceDescription}</p>
          <form method="post">
            <label htmlFor="email">メールアドレスまたはユーザID</label>
            <input id="email" name="emailUserId" type="text" autoComplete="username" required />
            <label htmlFor="password">パスワード</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required />
            <button type="submit">ログイン</button>
          </form>
        </article>
      </main>
      <footer className="footer">
        <ul>
          {settings.items.map((item) => (
            <li key={item.id} data-rule={item.rule}>
              <a href={item.url} target="_blank" rel="noopener noreferrer">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </footer>
    </>
  );
}
