import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { account } from "./account.ts";
import { auth } from "./auth.ts";
import type { ApiDeps, ApiEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { accountHeaderScreenData } from "./internal/account-header.ts";
import { licensesScreenData } from "./internal/licenses.ts";
import { loginScreenData } from "./internal/login.ts";
import { mypageScreenData } from "./internal/mypage.ts";
import { passwordScreenData } from "./internal/password.ts";
import { rootScreenData } from "./internal/root.ts";
import { signupScreenData } from "./internal/signup.ts";
import { postalCode } from "./postal-code.ts";
import { sameOriginOnly } from "./request-info.ts";
import { signup } from "./signup.ts";

const MAX_BODY_BYTES = 256 * 1024;

/** The API of spec §7, mounted at /zapi. Tests call `createApi(deps).request(...)` directly. */
export function createApi(deps: ApiDeps) {
  const app = new Hono<ApiEnv>().basePath("/zapi");

  app.use(requestId());
  app.use(async (c, next) => {
    c.set("deps", deps);
    c.header("Cache-Control", "no-store");
    await next();
  });
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, "PAYLOAD_TOO_LARGE", "Request body is too large");
      },
    }),
  );

  app.use(sameOriginOnly);

  app.route("/internal/root", rootScreenData);
  app.route("/internal/app/licenses", licensesScreenData());
  app.route("/internal/login", loginScreenData);
  app.route("/internal/signup", signupScreenData);
  app.route("/internal/password", passwordScreenData);
  app.route("/internal/mypage", mypageScreenData);
  app.route("/internal/account-header", accountHeaderScreenData);
  app.route("/", auth);
  app.route("/signup", signup);
  app.route("/account", account);
  app.route("/postal-code", postalCode);

  app.notFound((c) =>
    c.json({ code: "NOT_FOUND", message: "No such API", requestId: c.get("requestId") }, 404),
  );
  app.onError((error, c) => {
    const id = c.get("requestId");
    if (error instanceof ApiError) {
      return c.json(
        { code: error.code, message: error.message, requestId: id, ...error.details },
        error.status,
      );
    }
    if (error instanceof HTTPException) {
      return c.json({ code: "HTTP_ERROR", message: error.message, requestId: id }, error.status);
    }
    console.error(`[api] ${c.req.method} ${c.req.path} failed (request ${id})`, error);
    return c.json({ code: "INTERNAL_ERROR", message: "エラーが発生しました。", requestId: id }, 500);
  });

  return app;
}

export type Api = ReturnType<typeof createApi>;
