import { useState } from 'react';

/**
 * A server-issued proof (email free, tax number valid, mobile verified) for one exact value. When
 * the user edits the value, the proof no longer applies and `token` becomes null.
 */
export function useProof(current: string): { token: string | null; grant: (forValue: string, token: string) => void } {
  const [proof, setProof] = useState<{ value: string; token: string } | null>(null);
  return {
    token: proof !== null && proof.value === current ? proof.token : null,
    grant: (value, token) => setProof({ value, token }),
  };
}
