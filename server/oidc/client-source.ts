/**
 * The login provider's relying parties (issue 46 §2): `oidc-clients.json` beside the store settings
 * file, the operator's data. Checked against schemas/oidc-clients.schema.json and for what a schema
 * cannot say (one id each, a secret exactly for confidential clients, absolute URIs), then kept
 * current like the store settings: a valid edit applies to the next request, an invalid one is
 * logged and the last good list stays in force. The file is imported as versions of the `clients`
 * configuration, and the newest version is in force (config-in-force.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv from "ajv";
import oidcClientsSchema from "../../schemas/oidc-clients.schema.json" with { type: "json" };
import type { OidcClient, OidcClients as OidcClientsFile } from "../../schemas/types/oidc-clients.gen.ts";
import type { SecretBox } from "../kit/secret-box.ts";
import { type ConfigInForce, configInForce } from "../store/config-in-force.ts";
import {
  ConfigCheckError,
  type ConfigProblem,
  type ConfigProblemKey,
  configProblem,
  fileProblem,
  schemaProblem,
} from "../store/config-problems.ts";
import { type CurrentSource, keepCurrent } from "../store/keep-current.ts";

export type { OidcClient };

export interface OidcClientList {
  clients: OidcClient[];
  /** Changes whenever the file changes. */
  version: string;
}

export type OidcClientSource = CurrentSource<OidcClientList>;

export const OIDC_CLIENTS_FILE = "oidc-clients.json";

export class OidcClientsError extends ConfigCheckError {
  constructor(source: string, details: readonly ConfigProblem[]) {
    super("OIDC clients", source, details);
    this.name = "OidcClientsError";
  }
}

const validateFile = new Ajv({ allErrors: true, strict: false }).compile<OidcClientsFile>(oidcClientsSchema);

/** A URI a browser may be sent to or load from: absolute, without a fragment. */
function uriProblem(value: string, allowPrivateScheme: boolean): ConfigProblemKey | null {
  if (!URL.canParse(value)) return "notAbsoluteUri";
  const url = new URL(value);
  if (url.hash || value.includes("#")) return "uriFragment";
  if (url.protocol === "http:" || url.protocol === "https:") return null;
  return allowPrivateScheme ? null : "uriScheme";
}

function crossProblems(clients: OidcClient[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const ids = new Set<string>();
  for (const [index, client] of clients.entries()) {
    const at = `clients.${index}`;
    if (ids.has(client.client_id))
      problems.push(configProblem(`${at}.client_id`, "usedTwice", { value: client.client_id }));
    ids.add(client.client_id);
    const isPublic = client.token_endpoint_auth_method === "none";
    if (isPublic && client.client_secret !== undefined)
      problems.push(configProblem(`${at}.client_secret`, "publicClientSecret"));
    if (!isPublic && client.client_secret === undefined)
      problems.push(
        configProblem(`${at}.client_secret`, "requiredFor", { type: client.token_endpoint_auth_method }),
      );
    const native = client.application_type === "native";
    for (const field of ["redirect_uris", "post_logout_redirect_uris"] as const) {
      for (const [position, uri] of (client[field] ?? []).entries()) {
        const problem = uriProblem(uri, native);
        if (problem) problems.push(configProblem(`${at}.${field}.${position}`, problem));
      }
    }
    for (const field of ["logo_uri", "service_logo_uri", "tos_uri", "policy_uri"] as const) {
      const uri = client[field];
      const problem = uri === undefined ? null : uriProblem(uri, false);
      if (problem) problems.push(configProblem(`${at}.${field}`, problem));
    }
  }
  return problems;
}

/** Checks a clients document (the file's, or a version's with its secrets opened). */
function checkedClients(document: unknown, source: string): OidcClient[] {
  if (!validateFile(document)) {
    throw new OidcClientsError(
      source,
      (validateFile.errors ?? []).map((error) => schemaProblem(error)),
    );
  }
  const problems = crossProblems(document.clients);
  if (problems.length > 0) throw new OidcClientsError(source, problems);
  return document.clients;
}

/** Checks the file's text (also for tests); `source` names it in messages. */
export function parseOidcClients(text: string, source: string): OidcClientList {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new OidcClientsError(source, [fileProblem(`is not valid JSON: ${(error as Error).message}`)]);
  }
  const version = createHash("sha256").update(text).digest("hex").slice(0, 16);
  return { clients: checkedClients(document, source), version };
}

/** A client as a configuration version holds it: its secret sealed, never in the clear. */
export type VersionedOidcClient = Omit<OidcClient, "client_secret"> & { sealed_client_secret?: string };

export interface OidcClientsContent {
  clients: VersionedOidcClient[];
}

/**
 * The clients as a version stores them. Secrets are sealed stably (secret-box.ts): the same file
 * gives the same content, so an unchanged file is not imported again.
 */
export function oidcClientsContent(
  list: Pick<OidcClientList, "clients">,
  box: SecretBox,
): OidcClientsContent {
  return {
    clients: list.clients.map(({ client_secret, ...client }) =>
      client_secret === undefined
        ? client
        : { ...client, sealed_client_secret: box.sealStable(client_secret) },
    ),
  };
}

/** A version's content as the list the provider reads, checked as the file is; throws OidcClientsError. */
export function oidcClientsOf(
  content: unknown,
  version: string,
  box: SecretBox,
  source: string,
): OidcClientList {
  const clients = (content as { clients?: unknown } | null)?.clients;
  if (!Array.isArray(clients)) throw new OidcClientsError(source, [configProblem("clients", "required")]);
  const opened = clients.map((client: unknown, index) => {
    if (typeof client !== "object" || client === null) return client;
    const { sealed_client_secret: sealed, ...rest } = client as VersionedOidcClient;
    if (typeof sealed !== "string") return rest;
    try {
      return { ...rest, client_secret: box.open(sealed) };
    } catch {
      throw new OidcClientsError(source, [
        configProblem(`clients.${index}.client_secret`, "sealedSecretUnopenable"),
      ]);
    }
  });
  return { clients: checkedClients({ clients: opened }, source), version };
}

/** The clients file's list, or the newest version's once it differs (config-in-force.ts). */
export function oidcClientsInForce(file: OidcClientSource, box: SecretBox): ConfigInForce<OidcClientList> {
  return configInForce(file, {
    kind: "clients",
    toContent: (list) => oidcClientsContent(list, box),
    fromContent: (content, version) => oidcClientsOf(content, version, box, "the published clients"),
  });
}

export function loadOidcClients(directory: string): OidcClientList {
  const path = join(resolve(directory), OIDC_CLIENTS_FILE);
  return parseOidcClients(readFileSync(path, "utf8"), path);
}

/**
 * The clients file beside the store settings file, kept current (keep-current.ts). Without the
 * file at start-up the provider has no clients (said once); a file added later is read.
 */
export function watchOidcClients(
  directory: string,
  logger: Pick<Console, "info" | "error"> = console,
): OidcClientSource {
  const dir = resolve(directory);
  let started = false;
  // Only at start-up does a missing file mean no clients; later it is an editor's save in progress
  // (keep-current.ts keeps the last good list through it).
  const load = (): OidcClientList => {
    const initial = !started;
    started = true;
    if (initial && !existsSync(join(dir, OIDC_CLIENTS_FILE))) {
      logger.info(`[oidc] no ${OIDC_CLIENTS_FILE} in ${dir}: the login provider has no clients`);
      return { clients: [], version: "none" };
    }
    return loadOidcClients(dir);
  };
  return keepCurrent({
    load,
    directory: dir,
    names: [OIDC_CLIENTS_FILE],
    label: "oidc",
    what: "clients",
    logger,
  });
}

/** Each version of the list is a new object: its sources are worked out once, not per page. */
const sourcesOfList = new WeakMap<OidcClientList, readonly string[]>();

/**
 * The CSP sources of the clients' redirect and post-logout redirect URIs (an origin, or a native
 * app's private scheme): where a post on the provider's pages — a consent, the logout question —
 * may end after its redirects.
 */
export function redirectSources(list: OidcClientList): readonly string[] {
  const known = sourcesOfList.get(list);
  if (known) return known;
  const sources = list.clients.flatMap((client) =>
    [...client.redirect_uris, ...(client.post_logout_redirect_uris ?? [])].map((uri) => {
      const url = new URL(uri);
      return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
    }),
  );
  const unique = [...new Set(sources)];
  sourcesOfList.set(list, unique);
  return unique;
}
