import type { LoaderFunctionArgs } from "react-router";
import { data, redirect } from "react-router";
import { safeRedirectOr } from "../../schemas/safe-redirect.ts";
import {
  REAUTHENTICATION_SCREEN_DATA,
  type ReauthenticationData,
  reauthenticationScreen,
} from "../../screens/reauthentication.ts";
import type { ScreenAccess, ScreenContentName, ScreenDefinition } from "../../screens/screen-definition.ts";
import { NO_BODIES, type ScreenBodies, type ScreenBody } from "../components/screen/screen-bodies.ts";
import { pageForms } from "./form-validators.server.ts";
import {
  ANY_SCREEN_DATA,
  REAUTHENTICATION_DATA,
  SCREEN_BODY_SHAPES,
  SOCIAL_OFFER,
} from "./screen-data-shapes.server.ts";
import { fillPath, screenOfRoute } from "./screens.ts";
import { inShape, loadScreenData, loginPathFor, pageUrl, screenDataPath, zapiFetch } from "./zapi.server.ts";

export interface ScreenLoaderData {
  /**
   * The screen's definition, sent with its data: screens are data, so the browser gets the one it
   * shows rather than a bundle of them all (issue 28).
   */
  screen: ScreenDefinition;
  params: Record<string, string>;
  screenData: Readonly<Record<string, unknown>>;
  /** The page bodies the screen names, each with the data it reads, checked by its shape. */
  bodies: ScreenBodies;
  /** Read by the account layout (AccountRouteHandle): the shared route module has no static handle. */
  accountNav: { hideMenu?: boolean; backTo?: string };
}

async function currentAuthId(args: LoaderFunctionArgs): Promise<string | null> {
  // The same path as the root loader's, so the page request asks for the root data once.
  const response = await zapiFetch(args, screenDataPath(pageUrl(args), "/root"));
  if (!response.ok) return null;
  const body = (await response.json()) as { authId?: string | null };
  return body.authId ?? null;
}

/** Members-only screens send guests to /login with returnTo; guests-only screens send members to /mypage. */
export async function enforceAccess(args: LoaderFunctionArgs, access: ScreenAccess): Promise<void> {
  if (access === "any") return;
  const authId = await currentAuthId(args);
  const url = pageUrl(args);
  if (access === "member" && !authId) {
    throw redirect(loginPathFor(url));
  }
  if (access === "guest" && authId)
    throw redirect(safeRedirectOr(url.searchParams.get("returnTo"), "/mypage"));
}

/**
 * For a page that guards a takeover (`reauthenticate`): the member's way to prove who they are,
 * while they have not lately in this browser; else null.
 */
export async function pendingReauthentication(
  args: LoaderFunctionArgs,
  screen: ScreenDefinition,
): Promise<ReauthenticationData | null> {
  if (!screen.reauthenticate) return null;
  const proof = await loadScreenData(
    args,
    `/${REAUTHENTICATION_SCREEN_DATA}`,
    undefined,
    REAUTHENTICATION_DATA,
  );
  return proof.required ? proof : null;
}

/**
 * The loader of every declarative screen: access rule, then the screen's data (spec §7 Screen
 * data). The API's Set-Cookie (a flow a page starts as it opens) is collected in `responseHeaders`
 * for the route to send on.
 */
export async function loadScreen(
  args: LoaderFunctionArgs,
  responseHeaders?: Headers,
): Promise<ScreenLoaderData> {
  const screen = screenOfRoute(args.pattern);
  if (!screen) throw data({ code: "NOT_FOUND" }, { status: 404 });
  const params = Object.fromEntries(
    Object.entries(args.params).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  await enforceAccess(args, screen.access);
  const accountNav = {
    ...(screen.hideMenu ? { hideMenu: true } : {}),
    ...(screen.backTo ? { backTo: fillPath(screen.backTo, params) } : {}),
  };
  const proof = await pendingReauthentication(args, screen);
  if (proof) {
    return {
      screen: reauthenticationScreen(screen, proof),
      params,
      screenData: { ...proof },
      bodies: NO_BODIES,
      accountNav,
    };
  }
  const screenData = screen.screenData
    ? await loadScreenData(args, `/${fillPath(screen.screenData, params)}`, responseHeaders, ANY_SCREEN_DATA)
    : {};
  return {
    screen: withScreenDataWording(screen, screenData),
    params,
    screenData,
    bodies: screenBodies(screen, screenData),
    accountNav,
  };
}

/**
 * The page bodies the screen names, each with its screen data checked by the shape of what that
 * body reads; data out of shape is the error page (inShape).
 */
export function screenBodies(screen: ScreenDefinition, screenData: unknown): ScreenBodies {
  const source = screen.screenData ?? screen.id;
  return {
    intro: checkedBody(screen.intro, screenData, source),
    content: checkedBody(screen.content, screenData, source),
    socialLogins: screen.socialLogin ? inShape(screenData, SOCIAL_OFFER, source).userIdentifierList : [],
  };
}

/** A page body with its screen data, checked by the shape of what that body reads. */
function checkedBody<K extends ScreenContentName>(
  name: K | undefined,
  screenData: unknown,
  source: string,
): ScreenBody<K> | null {
  return name ? { name, screenData: inShape(screenData, SCREEN_BODY_SHAPES[name], source) } : null;
}

/**
 * The loader of a screen with forms: the screen and its data (loadScreen), its forms built from the
 * store settings and each one's precompiled validator (ADR 0013), with the API's Set-Cookie passed on.
 */
export async function loadFormScreen(args: LoaderFunctionArgs) {
  const headers = new Headers();
  return data(await formScreen(args, headers), { headers });
}

/** loadFormScreen's page before it is answered: for a route that adds what it reads of its own. */
export async function formScreen(args: LoaderFunctionArgs, responseHeaders: Headers) {
  const loaded = await loadScreen(args, responseHeaders);
  const { forms, validatorUrls } = await pageForms(args, loaded.screen, loaded.screenData);
  return { ...loaded, forms, validatorUrls };
}

/** The key `choice` picks for the screen data's member, if it names one of its keys. */
function chosenKey(
  choice: { member: string; keys: Readonly<Record<string, string>> } | undefined,
  screenData: Readonly<Record<string, unknown>>,
): string | undefined {
  const value = choice ? screenData[choice.member] : undefined;
  return typeof value === "string" ? choice?.keys[value] : undefined;
}

/**
 * The screen with the words its data picks: the title (titleByScreenData) and each form's button
 * (submitLabelByScreenData). Chosen here, so the page's script carries none of it.
 */
export function withScreenDataWording(
  screen: ScreenDefinition,
  screenData: Readonly<Record<string, unknown>>,
): ScreenDefinition {
  const titleKey = chosenKey(screen.titleByScreenData, screenData) ?? screen.titleKey;
  return {
    ...screen,
    titleKey,
    forms: screen.forms.map((form) => {
      const submitLabelKey = chosenKey(form.submitLabelByScreenData, screenData);
      return submitLabelKey ? { ...form, submitLabelKey } : form;
    }),
  };
}
