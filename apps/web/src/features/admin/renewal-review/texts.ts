import { registerTexts } from '../../../lib/i18n/i18n.ts';

/** Texts of the staff renewal review (issue 14 §1, ADR 265). A brand's texts.json overrides any of them. */
export const renewalReviewTexts: Record<string, string> = {
  'admin.renewals.header': 'Renewals waiting for review',
  'admin.renewals.body':
    'Renewals on MANUAL review and renewals the rules referred. Release one at its offered price or re-rate it; the customer is then invited as usual. Anything not released by its anniversary lapses.',
  'admin.renewals.empty': 'Nothing is waiting for review.',
  'admin.renewals.back': 'All waiting renewals',
  'admin.renewals.customers': 'Act for a customer',
  'admin.renewals.open': 'Review {{policyNumber}}',
  'admin.renewals.review': 'Review',
  'admin.renewals.policy': 'Policy',
  'admin.renewals.anniversary': 'Renews on',
  'admin.renewals.offered': 'Offered',
  'admin.renewals.lastYear': "Last year's price",
  'admin.renewals.renewalPrice': 'Renewal rating',
  'admin.renewals.newBusiness': 'New-business price (cap)',
  'admin.renewals.capped': 'The offer is capped at the new-business price.',
  'admin.renewals.status.MANUAL_REVIEW': 'Manual review',
  'admin.renewals.status.REFERRED': 'Referred',
  'admin.renewals.status.UNRATED': 'Could not be rated',
  'admin.renewals.status.INVITED': 'Released: customer invited',
  'admin.renewals.status.RENEWED': 'Renewed',
  'admin.renewals.status.LAPSED': 'Lapsed',
  'admin.renewals.reasons': 'Why it was referred',
  'admin.renewals.decisions': 'Decisions',
  'admin.renewals.decision.RELEASE': 'Released by {{staff}} on {{date}}: {{reason}}',
  'admin.renewals.decision.RERATE':
    'Re-rated ({{percent}}%) by {{staff}} on {{date}}: {{reason}} ({{before}} → {{after}})',
  'admin.renewals.decide': 'Your decision',
  'admin.renewals.action': 'Decision',
  'admin.renewals.action.RELEASE': 'Release at the offered price',
  'admin.renewals.action.RERATE': "Re-rate at today's rates with an adjustment",
  'admin.renewals.adjustment': 'Adjustment to the premium',
  'admin.renewals.adjustment.hint':
    'A discount or loading on the main premium; the result is never above the new-business price.',
  'admin.renewals.adjustment.none': 'No adjustment',
  'admin.renewals.adjustment.loading': '{{percent}}% loading',
  'admin.renewals.adjustment.discount': '{{percent}}% discount',
  'admin.renewals.reason': 'Reason (recorded in the audit trail)',
  'admin.renewals.reason.required': 'Give a reason of at least 3 characters',
  'admin.renewals.submit': 'Confirm decision',
  'admin.renewals.done': 'Done: the customer has been invited to renew at {{price}}.',
  'admin.renewals.closed': 'This renewal is no longer waiting for a decision.',
  'admin.renewals.readOnly': 'You can see this renewal; deciding needs the action:renewals permission.',
  'admin.renewals.failed': 'The decision was not saved: {{message}}',
  'admin.renewals.missing': 'There is no such renewal.',
};

registerTexts(renewalReviewTexts);
