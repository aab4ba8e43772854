import { createPublicKey, verify } from 'node:crypto';
import { enrolStatement, type TEnrolProof } from '@edp/shared/contracts/agent';

/**
 * Whether `proof` is a signature by its key over the enrolment statement of `fingerprint`
 * (docs/engines.md "Re-enrolment"). The key travels as the 32 raw bytes in base64url, which is
 * exactly a JWK's `x`; a string that is no Ed25519 key is simply not a proof.
 */
export function signedProof(proof: TEnrolProof, fingerprint: string): boolean {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: proof.key },
      format: 'jwk',
    });
    const text = Buffer.from(enrolStatement(fingerprint, proof.key, proof.at));
    return verify(null, text, key, Buffer.from(proof.signature, 'base64url'));
  } catch {
    return false;
  }
}
