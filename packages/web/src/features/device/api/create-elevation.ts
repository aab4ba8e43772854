import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const ELEVATION_PATH = '/com/ele';

export interface ElevationAnswer {
  recordId: string;
  validFrom: string;
  validUntil: string;
}

/** Signs a time-limited elevation file for a licensed device (free of charge). */
export function createElevation(input: { deviceId: string; seconds: number }) {
  return post<ElevationAnswer>(ELEVATION_PATH, input);
}

export function useCreateElevation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createElevation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['com'] }),
  });
}
