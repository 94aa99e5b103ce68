/**
 * Route actions under test (app/lib/screen-action.server.ts): a fake API as the action's zapi
 * client sees it (the in-process transport), and requests made as React Router makes them.
 */
import type { ActionFunctionArgs } from "react-router";
import type { FormFailure } from "../schemas/form-post.ts";
import type { StoreSettings } from "../schemas/types/store-settings.gen.ts";
import { demoStore } from "./render.tsx";

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  cookie: string | null;
}

export interface FakeApi {
  /** The answer of every call that is not screen data (POST /zapi/login, /zapi/signup, …). */
  login?: (request: Request, body: unknown) => Response;
  authId?: string | null;
  settings?: StoreSettings;
  screenData?: Record<string, unknown>;
}

/** The API as the action sees it (the in-process transport), recording the calls it gets. */
export function fakeApi({
  login = () => new Response(null, { status: 204 }),
  authId = null,
  ...options
}: FakeApi) {
  const calls: ApiCall[] = [];
  const inProcess = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const text = await request.text();
    calls.push({
      method: request.method,
      path: pathname,
      body: text ? JSON.parse(text) : null,
      cookie: request.headers.get("cookie"),
    });
    if (pathname === "/zapi/internal/root/screen-data") {
      return Response.json({
        authId,
        memberLabel: null,
        profileImageUrl: null,
        storeSettingData: options.settings ?? demoStore,
        storeSettingVersion: "v1",
      });
    }
    if (pathname === "/zapi/internal/mypage/reauthentication/screen-data") {
      // Proved lately: a guarded page shows its own forms.
      return Response.json({
        required: false,
        method: "Password",
        email: null,
        codeSent: false,
        resendAvailableAt: null,
      });
    }
    if (
      pathname === "/zapi/internal/login/screen-data" ||
      pathname === "/zapi/internal/signup/auth/screen-data"
    ) {
      // The pages with social buttons always name the providers they offer.
      return Response.json({ userIdentifierList: [], ...options.screenData });
    }
    if (pathname.startsWith("/zapi/internal/")) return Response.json(options.screenData ?? {});
    return login(request, text ? JSON.parse(text) : null);
  };
  return { calls, zapi: { inProcess, origin: null, clientAddress: null } };
}

/**
 * The action's arguments for a post to the page `url`, as React Router makes them: for a <Form>
 * post (`viaFetch`) the request goes to `/page.data` and `url` is the page's own URL.
 */
export function post(
  url: string,
  fields: Record<string, string> | { json: unknown },
  zapi: ReturnType<typeof fakeApi>["zapi"],
  { headers = {}, viaFetch = false }: { headers?: Record<string, string>; viaFetch?: boolean } = {},
): ActionFunctionArgs {
  const page = new URL(`http://localhost${url}`);
  const requestUrl = viaFetch ? new URL(`${page.pathname}.data${page.search}`, page) : page;
  const asJson = "json" in fields;
  const request = new Request(requestUrl, {
    method: "POST",
    body: asJson ? JSON.stringify(fields.json) : new URLSearchParams(fields as Record<string, string>),
    headers: { cookie: "lng=ja", ...(asJson ? { "Content-Type": "application/json" } : {}), ...headers },
  });
  // The route pattern is the page path: the routes under test have no parameters.
  return {
    request,
    url: page,
    pattern: page.pathname,
    context: { zapi },
    params: {},
  } as unknown as ActionFunctionArgs;
}

/** What an action answered: a redirect Response, or data() with a failure. */
export async function answerOf(action: (args: ActionFunctionArgs) => unknown, args: ActionFunctionArgs) {
  const result = (await action(args)) as unknown;
  if (result instanceof Response) return { response: result, failure: null, status: result.status };
  const { data, init } = result as { data: FormFailure; init: ResponseInit & { headers?: Headers } };
  return { response: null, failure: data, status: init.status, headers: init.headers };
}
