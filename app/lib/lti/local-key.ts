import { calculateJwkThumbprint, exportJWK, importJWK, importPKCS8, type JWK } from "jose";

// The LTI signing key of .dev.vars.example: published, so production refuses it (decision 021).
export const LOCAL_LTI_KEY =
  '{"kty":"RSA","n":"6aPF2kUUTW1jqIxmw833bJyukat22YHcNQW21db009mFKjBmIUzbU0UIJSr7KV4hoBnsPA4X0lFzTnAnEpQMEqs57zw_t9Juu-I2dDmn_LNdfMQj7nsZ8_Z7B4NSnTzX0nr5hFV2vCtUOn_b30SXBt3HvaQS8Fe22mbtbQln8j0zrBggO_Az_7xqlq-QqBFrmBqi5-CcvTWosUXyKUKYpTUAjfBsqF37aN_2kMXXUNds8BZ050-6k59Voqnac0Le8isuX9JST95noNKo1NpbLsrMLkTgzZbPr5RMW1U0ds3IGMNXmMaOrZitVB4fSOvFwBzL00CTLzUo7hXp4d05sQ","e":"AQAB","d":"BPbG5p5hR3bbmfJntuEf-2Wwe3sAOAVUuNIBrTVCDOPk0CgTQhcIXD0jJpUCnUGj0cC96UBnEap2L8myuX097MHzZb7q31HgKpZBusJEgdo2vNv2-SNnl6xvjJHl9gjGUMbDmTlD9UyvX1x66a64Tbv1uTSsoVYfwK__UI8qr0sYCD7vzYWnjD4syKFcQXEk2q7P3ZuSZXZ0BGZTtAWJZ6V2nnvJ7B7kVhfnNn6YyDkcxnZOa4BybCTYe2_f-hsN5yTU2H-tIc8pEGDUS20m9Wjy7lGmn7nLCi1oysz16rsTjFtT6nmiologs09T85qlHkUXHxJNuBuP_2hMRLeWsQ","p":"9a6Ls_Y88k6PwqvnghD83clthQouXorcu2oYe0r1hbY-QNMWOaw03GZal66_f4DGjdW71UXjrETxNDweP1RYwT-KmcFl9TwpamSuXiP9CIUcx_CG3xJFTRTkcVmkjNL1RQZWTQvoX6408t0xqWcRWjdNrBcOaR1JY-8nWLT0EAk","q":"83PBo7I6MR5D_CxEl6iE0X9Ad0d_9VqXxxQ3udGWH4JQza6NFxJB054T8DT2T_CwRbmly4-NMarBsAirLuVsjuJXCo-mVHBE6Huq0zdNMB4fJWSJFTo8-iEjiQflA1Ec9hWW7MWL55KzGOZdMN-Nd6Nt7oJnPpITdl-hVPIK9mk","dp":"2GWGndus8Qxrqd96ieDmqX-rHLzL_PA43kbkC20J911_Vd_XurLI2Ly63NHJ0Mefm_x_dqoZkHolLoopZkSn7IdIUIe9g5UbMaA-yaLPVDrTD_T3BvLz4aIeWQzJWFTUPpkHWNO9ONGbx7M28-xZp2oA2yxvv_xQ0VosAQFZ2-k","dq":"7CBxR2GdmXh-fj89hE9aC4w-LbL2xDXLErdkWWGUFxmhX-2WQTNfD266bfggk2aiwe4PhgHE89BoLmIqDsFNasTToZW0wR9nZopUJKr1vd7pXK5HW4RyEjVELyuuD2qECZblHN96E_Cwr0z4RGf_4XNtM7Hdi83I_L5CT4633Uk","qi":"nvB3usrlKWJ8FcOl3v4P_YAU0lnbZ4WNwUm57GretcF60OKGarsbmtU7ZAsgK5U8nklHjDPM-y6wSeI0OStOhDgMKwo88_-s-GTk6QjcpIk70vGUSEYMoF_CTOwhfq-gT1PrrKK6LkuGED_ozVoBmBwD8YpkaQBhvevY4tUZVaE"}';

/**
 * The RFC 7638 thumbprint of an LTI_PRIVATE_KEY value's public key, read as the
 * tool reads it (keys.server.ts): a JWK, or a PKCS#8 PEM with real or escaped
 * newlines. Null when it is no RSA key at all.
 */
export async function ltiKeyThumbprint(source: string): Promise<string | null> {
  const text = source.trim();
  try {
    const key = text.startsWith("{")
      ? await importJWK(JSON.parse(text) as JWK, "RS256", { extractable: true })
      : await importPKCS8(text.replace(/\\n/g, "\n"), "RS256", { extractable: true });
    const { kty, n, e } = await exportJWK(key);
    if (kty !== "RSA" || !n || !e) return null;
    return await calculateJwkThumbprint({ kty, n, e });
  } catch {
    return null;
  }
}

const verdicts = new Map<string, Promise<boolean>>();

/**
 * Whether a value is the published key however it is written: pretty-printed,
 * its members reordered, or as a PEM. Compared by the key itself (its public
 * thumbprint), once per value and isolate.
 */
export function isLocalLtiKey(source: string): Promise<boolean> {
  let verdict = verdicts.get(source);
  if (!verdict) {
    verdict = Promise.all([ltiKeyThumbprint(source), ltiKeyThumbprint(LOCAL_LTI_KEY)]).then(([a, b]) => a !== null && a === b);
    verdicts.set(source, verdict);
    if (verdicts.size > 8) verdicts.delete(verdicts.keys().next().value!);
  }
  return verdict;
}
