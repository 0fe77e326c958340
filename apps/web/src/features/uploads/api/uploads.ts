import type { CommitUploadRequest } from '@forecourt/contracts/uploads';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUpload } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The policy's uploads: limits, files staged and not sent yet, and what was sent (newest first). */
export function usePolicyUploads(policyId: string) {
  return useQuery({
    queryKey: queryKeys.policyUploads(policyId),
    queryFn: ({ signal }) => call(endpoints.getPolicyUploads, { params: { id: policyId }, signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** Stages one file, reporting its progress (bytes sent of the total). */
export const stageFile = (
  policyId: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return callUpload(endpoints.stageUpload, { params: { id: policyId }, form, onProgress });
};

/** Sends the staged files with a purpose and comment, once per form (Idempotency-Key), then reads them again. */
export function useCommitUpload(policyId: string, idempotencyKey: string, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CommitUploadRequest) =>
      call(endpoints.commitUpload, {
        params: { id: policyId },
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    meta: { errorModal: false },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.policyUploads(policyId) });
      onDone();
    },
  });
}
