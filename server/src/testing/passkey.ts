import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type CBORType = Parameters<typeof isoCBOR.encode>[0];
import type { WebAuthnOptions } from '@contract/security';

/**
 * A software authenticator for server tests: it holds ES256 keys made by node:crypto and answers
 * WebAuthn options the way a platform authenticator does (attestation `none`, user present and
 * verified, discoverable). Only the WebAuthn structures are put together here; the keys, the
 * hashes and the signatures are node:crypto's and the CBOR is the server library's.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface StoredKey {
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface AssertOptions {
  /** The page the browser says it is on (client data `origin`). */
  origin?: string;
  /** Which stored credential answers (default: the first allowed, else the first made). */
  credentialId?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Whether the user was verified (default true). */
  verified?: boolean;
}

export class SoftwareAuthenticator {
  readonly keys = new Map<string, StoredKey>();

  /**
   * `rpId` is what the authenticator hashes into its data; `origin` the page it answers for.
   * `counting: false` reports counter 0 always, like authenticators that keep no counter.
   */
  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost:5173',
    readonly counting = true,
  ) {}

  /** Creates a credential for registration options; answers what `startRegistration` would. */
  register(options: WebAuthnOptions, origin = this.origin): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const counter = this.counting ? 1 : 0;
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([UP | UV | AT]),
      this.counterBytes(counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      coseKey,
    ]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin });
    const attestationObject = isoCBOR.encode(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const user = options.user as { id: string };
    this.keys.set(b64url(credentialId), { privateKey, userHandle: user.id, counter });
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Signs authentication options; answers what `startAuthentication` would. */
  assert(options: WebAuthnOptions, opts: AssertOptions = {}): AuthenticationResponseJSON {
    const allowed = (options.allowCredentials as { id: string }[] | undefined) ?? [];
    const id = opts.credentialId ?? allowed.find((c) => this.keys.has(c.id))?.id ?? [...this.keys.keys()][0];
    const key = id === undefined ? undefined : this.keys.get(id);
    if (!id || !key) throw new Error('no credential for these options');
    if (this.counting && opts.counter === undefined) key.counter += 1;
    const counter = opts.counter ?? (this.counting ? key.counter : 0);
    const flags = UP | (opts.verified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([flags]), this.counterBytes(counter)]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: opts.origin ?? this.origin }),
    );
    // ECDSA over authData || sha256(clientDataJSON), DER-encoded as WebAuthn wants.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), key.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private counterBytes(counter: number): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  }
}
