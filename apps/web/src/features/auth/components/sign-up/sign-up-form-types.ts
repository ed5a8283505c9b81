import type { signUpFormSchema } from '@ceppro/contract';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

export type SignUpValues = z.input<typeof signUpFormSchema>;
export type SignUpOutput = z.output<typeof signUpFormSchema>;
export type SignUpFormApi = UseFormReturn<SignUpValues, unknown, SignUpOutput>;

export interface ProofState {
  token: string | null;
  grant: (forValue: string, token: string) => void;
}
