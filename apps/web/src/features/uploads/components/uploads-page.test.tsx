import type { PolicyUploads, UploadSubmission } from '@forecourt/contracts/uploads';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samplePolicy } from '../../../../test/fixtures.ts';
import { mockFetch, reply } from '../../../../test/mock-fetch.ts';
import { renderRoute } from '../../../../test/render-route.tsx';
import { endpoints } from '../../../lib/api/endpoints.ts';
import '../texts.ts';
import { UploadsPage } from './uploads-page.tsx';
import { UploadConfirmation } from './uploads-sent.tsx';

const policy = samplePolicy();
const id = policy.policyId;
const root = `/car-insurance/policy/${id}`;

/** A stand-in for XMLHttpRequest: the test says how far each upload got and what the API answered. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  form: FormData | undefined;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    this.form = form;
    FakeXhr.sent.push(this);
  }
  get fileName() {
    return (this.form?.get('file') as File | undefined)?.name;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(body: unknown, status = 200) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const limits: PolicyUploads['limits'] = {
  maxFiles: 5,
  maxBytes: 10_485_760,
  extensions: ['png', 'jpg', 'jpeg', 'heic', 'pdf', 'doc', 'docx', 'rtf'],
  purposes: ['NCD_PROOF', 'DRIVING_LICENCE', 'VEHICLE_DOCUMENT', 'OTHER'],
};
const stagedFile = (fileName: string, sizeBytes = 1200) => ({
  id: crypto.randomUUID(),
  fileName,
  sizeBytes,
  contentType: 'application/pdf',
  stagedAt: '2026-11-23T10:00:00.000Z',
});
const submission: UploadSubmission = {
  id: crypto.randomUUID(),
  purpose: 'NCD_PROOF',
  comment: 'From my last insurer',
  committedAt: '2026-11-23T10:05:00.000Z',
  committedBy: 'customer',
  files: [stagedFile('ncd-letter.pdf')],
};

describe('uploads page (spec 3 §4 Upload, §5 Uploads)', () => {
  it('stages each file with its progress to 2 decimals, lists every refused file with its reason, then sends', async () => {
    const calls = mockFetch((method, path) => {
      if (method === 'GET' && path === `/documents/upload/${id}`)
        return reply(endpoints.getPolicyUploads, { limits, staged: [], submissions: [] });
      if (method === 'POST' && path === `/documents/upload/commit/${id}`)
        return reply(endpoints.commitUpload, submission, 201);
      return undefined;
    });
    const router = renderRoute(
      '/car-insurance/policy/:policyId/*',
      <UploadsPage policy={policy} root={root} />,
      `${root}/uploads`,
    );
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByTestId('upload-input');
    expect(screen.getByRole('combobox', { name: /What are you sending/ })).toHaveDisplayValue(
      'Proof of no-claims bonus',
    );
    const send = screen.getByRole('button', { name: /Send 0 files/ });
    expect(send).toBeDisabled();

    await user.upload(input, [
      new File(['%PDF-1.4 letter'], 'ncd-letter.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(10_485_761)], 'scan.png', { type: 'image/png' }),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      new File(['not a picture'], 'photo.png', { type: 'image/png' }),
    ]);
    const rowOf = (name: string) =>
      screen.getAllByTestId('upload-file').find((li) => li.textContent?.includes(name)) as HTMLElement;
    expect(rowOf('scan.png')).toHaveTextContent('Not sent: larger than 10.0 MB');
    expect(rowOf('notes.txt')).toHaveTextContent('Not sent: this type of file is not accepted');

    // One request per file, in order; progress shows to 2 decimals.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0]!;
    expect(first.url).toBe(`${window.location.origin}/api/documents/upload/stage/${id}`);
    expect(first.fileName).toBe('ncd-letter.pdf');
    first.progress(1, 3);
    expect(rowOf('ncd-letter.pdf')).toHaveTextContent('33.33%');
    expect(within(rowOf('ncd-letter.pdf')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    first.progress(2, 3);
    expect(rowOf('ncd-letter.pdf')).toHaveTextContent('66.67%');
    expect(send).toBeDisabled();
    first.respond({ staged: [stagedFile('ncd-letter.pdf', 15)], rejected: [] });
    await waitFor(() => expect(rowOf('ncd-letter.pdf')).toHaveTextContent('Ready to send'));

    // The server checks content: a .png that is really text is refused.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond({ staged: [], rejected: [{ fileName: 'photo.png', reason: 'wrong-type' }] });
    await waitFor(() =>
      expect(rowOf('photo.png')).toHaveTextContent('Not sent: this type of file is not accepted'),
    );
    expect(screen.getByText('3 files were not accepted')).toBeVisible();

    await user.type(
      screen.getByRole('textbox', { name: /Anything you would like to add/ }),
      'From my last insurer',
    );
    await user.click(screen.getByRole('button', { name: 'Send 1 file' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${root}/uploads/confirm`));
    const commit = calls.find((c) => c.method === 'POST');
    expect(commit?.body).toEqual({
      fileNames: ['ncd-letter.pdf'],
      purpose: 'NCD_PROOF',
      comment: 'From my last insurer',
    });
    expect(commit?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts files already staged against the limit and refuses the rest as too many', async () => {
    mockFetch((method, path) =>
      method === 'GET' && path === `/documents/upload/${id}`
        ? reply(endpoints.getPolicyUploads, {
            limits: { ...limits, maxFiles: 2 },
            staged: [stagedFile('licence.pdf')],
            submissions: [submission],
          })
        : undefined,
    );
    renderRoute('/p/*', <UploadsPage policy={policy} root={root} />, '/p/uploads');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByTestId('upload-input'), [
      new File(['%PDF-1.4'], 'a.pdf'),
      new File(['%PDF-1.4'], 'b.pdf'),
    ]);
    const rows = screen.getAllByTestId('upload-file');
    expect(rows.map((r) => r.textContent)).toEqual([
      'licence.pdfReady to send (2 KB)',
      'a.pdf0.00%',
      'b.pdfNot sent: you can send up to 2 files at once',
    ]);
    // What was sent before shows below, for the customer and for staff acting for them.
    expect(screen.getByTestId('upload-submission')).toHaveTextContent(
      'Proof of no-claims bonus sent on 23 November 2026ncd-letter.pdf“From my last insurer”',
    );
  });

  it('the confirmation page shows the files just sent and their purpose', async () => {
    mockFetch((method, path) =>
      method === 'GET' && path === `/documents/upload/${id}`
        ? reply(endpoints.getPolicyUploads, { limits, staged: [], submissions: [submission] })
        : undefined,
    );
    renderRoute('/p/*', <UploadConfirmation policyId={id} root={root} />, '/p/uploads/confirm');
    expect(await screen.findByText('Thank you, we have your documents')).toBeVisible();
    expect(screen.getByTestId('upload-confirmation')).toHaveTextContent('ncd-letter.pdf');
    expect(screen.getByRole('link', { name: 'Back to your policy' })).toHaveAttribute('href', root);
  });
});
