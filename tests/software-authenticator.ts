/**
 * A passkey authenticator in software, for API tests: it answers the server's WebAuthn options as
 * a phone or a security key would (a P-256 key per credential, "none" attestation, a signature
 * counter), and lets a test bend any part of an answer — the origin, the RP ID, the flags, the
 * counter — to prove the server refuses it. The encodings are the library's (isoCBOR, isoBase64URL).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftwareCredential {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The user handle the site gave at registration. */
  userHandle: string;
  rpId: string;
  counter: number;
}

/** What a test may change in one answer. */
export interface Bend {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** The counter to sign instead of the next one. */
  counter?: number;
  challenge?: string;
  type?: string;
}

function sha256(data: Uint8Array | string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash("sha256").update(data).digest());
}

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  const map = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x ?? "")],
    [-3, isoBase64URL.toBuffer(jwk.y ?? "")],
  ]);
  return isoCBOR.encode(map);
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(
    private readonly options: { origin: string; synced?: boolean } = { origin: "http://localhost" },
  ) {}

  private flags(bend: Bend, attested: boolean): number {
    let flags = FLAG_USER_PRESENT;
    if (bend.userVerified !== false) flags |= FLAG_USER_VERIFIED;
    if (this.options.synced) flags |= FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP;
    if (attested) flags |= FLAG_ATTESTED_DATA;
    return flags;
  }

  private clientData(type: string, challenge: string, bend: Bend): string {
    return JSON.stringify({
      type: bend.type ?? type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.options.origin,
      crossOrigin: false,
    });
  }

  /** navigator.credentials.create(): a new credential for the options. */
  create(options: PublicKeyCredentialCreationOptionsJSON, bend: Bend = {}): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const id = randomBytes(16);
    const rpId = options.rp.id ?? "localhost";
    const credential: SoftwareCredential = {
      id: isoBase64URL.fromBuffer(id),
      privateKey,
      publicKey,
      userHandle: options.user.id,
      rpId,
      counter: 0,
    };
    const authData = concat(
      sha256(bend.rpId ?? rpId),
      new Uint8Array([this.flags(bend, true)]),
      uint32(bend.counter ?? 0),
      new Uint8Array(16), // aaguid
      new Uint8Array([0, id.length]),
      id,
      coseKey(publicKey),
    );
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, bend);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get(): an assertion by the credential (the latest made by default). */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    bend: Bend = {},
    credential: SoftwareCredential | undefined = this.credentials.at(-1),
  ): AuthenticationResponseJSON {
    if (!credential) throw new Error("the authenticator holds no credential");
    const counter = bend.counter ?? credential.counter + 1;
    credential.counter = counter;
    const authData = concat(
      sha256(bend.rpId ?? options.rpId ?? credential.rpId),
      new Uint8Array([this.flags(bend, false)]),
      uint32(counter),
    );
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const signature = sign("sha256", concat(authData, sha256(clientDataJSON)), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
