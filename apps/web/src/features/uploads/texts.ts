import { registerTexts } from '../../lib/i18n/i18n.ts';

/** Texts of documents a customer sends about a policy (ADR 260) (keys under `policy.`, as before the split of ADR 358). A brand's texts.json overrides any of them. */
export const uploadsTexts: Record<string, string> = {
  'policy.uploads.header': 'Send us a document',
  'policy.uploads.intro':
    'Send us proof of your no-claims bonus or another document we asked for. You can send up to {{max}} files at once.',
  'policy.uploads.purpose': 'What are you sending?',
  'policy.uploads.purposes.NCD_PROOF': 'Proof of no-claims bonus',
  'policy.uploads.purposes.DRIVING_LICENCE': 'Driving licence',
  'policy.uploads.purposes.VEHICLE_DOCUMENT': 'Vehicle document (V5C)',
  'policy.uploads.purposes.OTHER': 'Something else',
  'policy.uploads.choose': 'Choose files',
  'policy.uploads.hint': 'JPG, PNG, HEIC, PDF, DOC, DOCX or RTF, up to {{max}} each.',
  'policy.uploads.files': 'Your files',
  'policy.uploads.progress': 'Sending {{name}}',
  'policy.uploads.ready': 'Ready to send ({{size}})',
  'policy.uploads.rejected.wrong-type': 'Not sent: this type of file is not accepted',
  'policy.uploads.rejected.too-large': 'Not sent: larger than {{max}}',
  'policy.uploads.rejected.too-many': 'Not sent: you can send up to {{count}} files at once',
  'policy.uploads.rejected.unknown': 'Not sent: this file could not be read',
  'policy.uploads.someRejected_one': 'One file was not accepted',
  'policy.uploads.someRejected_other': '{{count}} files were not accepted',
  'policy.uploads.someRejectedBody': 'The reason is shown next to each file. You can send the others.',
  'policy.uploads.comment': 'Anything you would like to add?',
  'policy.uploads.failed': 'Your files were not sent',
  'policy.uploads.submit_one': 'Send 1 file',
  'policy.uploads.submit_other': 'Send {{count}} files',
  'policy.uploads.back': 'Back to your policy',
  'policy.uploads.sent': 'Documents sent',
  'policy.uploads.sentOn': 'sent on {{date}}',
  'policy.uploads.sentByStaff': 'sent for you by our team on {{date}}',
  'policy.uploads.confirmed.header': 'Thank you, we have your documents',
  'policy.uploads.confirmed.body_one':
    'We have received your file and will be in touch if we need anything else.',
  'policy.uploads.confirmed.body_other':
    'We have received your {{count}} files and will be in touch if we need anything else.',
  'policy.uploads.confirmed.policy': 'Back to your policy',
  'policy.uploads.confirmed.more': 'Send another document',
};

registerTexts(uploadsTexts);
