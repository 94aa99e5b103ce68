import { createRequire } from "node:module";

/** The part of jsdom this needs (the project has jsdom for component tests, without its type package). */
interface JsdomModule {
  JSDOM: new (html: string) => { window: { document: Document } };
}

const { JSDOM } = createRequire(import.meta.url)("jsdom") as JsdomModule;

/** A DOM of a rendered page, to check its markup the way a browser would read it. */
export function parseHtml(html: string): Document {
  return new JSDOM(html).window.document;
}
