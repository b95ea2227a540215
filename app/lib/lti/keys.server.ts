import { calculateJwkThumbprint, exportJWK, importJWK, importPKCS8, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";
import { getServerEnv } from "~/lib/env.server";

/**
 * The tool's own RSA key (LTI_PRIVATE_KEY): it signs deep-linking responses and
 * the client assertions of AGS and NRPS calls; its public half is in our JWKS
 * under a kid that is the key's RFC 7638 thumbprint, so no kid needs configuring.
 * A new key is first published beside the old one (LTI_PUBLISHED_KEYS), then
 * made the signing key; platforms that cached the old JWKS refetch on the new kid.
 */
type ToolKey = { privateKey: CryptoKey; publicJwk: JWK & { kid: string } };

const loaded = new Map<string, Promise<ToolKey>>();

async function loadKey(source: string): Promise<ToolKey> {
  const text = source.trim();
  let privateKey: CryptoKey;
  if (text.startsWith("{")) {
    privateKey = (await importJWK(JSON.parse(text) as JWK, "RS256", { extractable: true })) as CryptoKey;
  } else {
    privateKey = await importPKCS8(text.replace(/\\n/g, "\n"), "RS256", { extractable: true });
  }
  const full = await exportJWK(privateKey);
  const publicJwk: JWK = { kty: full.kty, n: full.n, e: full.e };
  const kid = await calculateJwkThumbprint(publicJwk);
  return { privateKey, publicJwk: { ...publicJwk, kid, alg: "RS256", use: "sig" } };
}

export class LtiNotConfiguredError extends Error {
  constructor() {
    super("LTI is not set up on this server: set the LTI_PRIVATE_KEY secret (README, Configuration).");
  }
}

export function toolKey(env: Env): Promise<ToolKey> {
  const source = getServerEnv(env).LTI_PRIVATE_KEY?.trim();
  if (!source) return Promise.reject(new LtiNotConfiguredError());
  let pending = loaded.get(source);
  if (!pending) {
    pending = loadKey(source).catch((error) => {
      loaded.delete(source);
      throw new Error(`LTI_PRIVATE_KEY is not a private RSA key (a JWK or a PKCS#8 PEM): ${String(error)}`);
    });
    loaded.set(source, pending);
  }
  return pending;
}

/** The JWKS the platforms fetch: the signing key first, then any key still published during a rotation. */
export async function toolJwks(env: Env): Promise<{ keys: JWK[] }> {
  const { publicJwk } = await toolKey(env);
  const keys: JWK[] = [publicJwk];
  const extra = getServerEnv(env).LTI_PUBLISHED_KEYS;
  if (extra) {
    try {
      const parsed = JSON.parse(extra) as { keys?: JWK[] };
      for (const key of parsed.keys ?? []) {
        if (key.kty !== "RSA" || !key.n || !key.e || key.d) continue; // public RSA keys only
        const kid = key.kid ?? (await calculateJwkThumbprint({ kty: key.kty, n: key.n, e: key.e }));
        if (kid !== publicJwk.kid) keys.push({ kty: key.kty, n: key.n, e: key.e, kid, alg: "RS256", use: "sig" });
      }
    } catch {
      console.error("LTI_PUBLISHED_KEYS is not a JWKS; publishing the signing key only");
    }
  }
  return { keys };
}

/** A JWT signed with the tool's key (RS256, with its kid). */
export async function signToolJwt(env: Env, payload: JWTPayload, expiresInSeconds = 300): Promise<string> {
  const { privateKey, publicJwk } = await toolKey(env);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid: publicJwk.kid, typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(`${expiresInSeconds}s`)
    .sign(privateKey);
}
