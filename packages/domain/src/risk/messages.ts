import { INVALID_REGISTRATION_MESSAGE } from '../patterns.ts';

/**
 * English defaults for the risk rule message keys (the web app's texts may override each key; the API
 * uses these for POST /api/form/validation/{profile}).
 */
export const riskMessages: Record<string, string> = {
  'validation.required': 'Please answer this question to continue',
  'validation.confirmAnswer': 'Please answer this question to confirm',
  'validation.type': 'Please check this answer',
  'validation.min': 'This value is too small',
  'validation.max': 'This value is too large',
  'validation.wholeNumber': 'Please enter a whole number',
  'validation.invalidOption': 'Please choose one of the options',
  'validation.format': 'Please check the format of this answer',
  'validation.date': 'Please enter a valid date',
  'validation.yearMonth': 'Please enter a valid month and year',
  'validation.nameLength': 'First names must be between 2 and 30 characters',
  'validation.lastNameLength': 'Last names must be between 1 and 30 characters',
  'validation.nameCharacters': 'Names can only use letters, spaces, hyphens and apostrophes',
  'validation.registration': INVALID_REGISTRATION_MESSAGE,
  'validation.postcodeOutsideUk':
    'We can only insure cars kept in the UK: Jersey, Guernsey and the Isle of Man are outside our cover',
  'validation.dateInFuture': 'This date cannot be in the future',
  'validation.tooOld': 'This date cannot be more than 125 years ago',
  'validation.tooYoung': 'Drivers must be at least 17 years old',
  'validation.licenceBeforeBirth': 'Your licence cannot start before your date of birth',
  'validation.licenceBeforeSixteen': 'Your licence cannot start before your 16th birthday',
  'validation.notWithinFiveYears': 'Only tell us about the last 5 years',
  'validation.notApplicable': 'This question does not apply to your other answers',
  'validation.ncdExceedsAge': 'Your no claims discount cannot be more than the years since you turned 16',
  'validation.ncdExceedsLicence':
    'Your no claims discount cannot be more than the years you have held a licence',
  'validation.ncbProtectionNeedsNcd':
    'No claims bonus protection needs 4 or more years of no claims discount',
  'validation.promotionTerms': 'Please accept the promotion terms',
  'validation.promotionMinAge': 'This offer is only for drivers old enough for its terms',
  'validation.usageStartTooEarly': 'Please enter a year from 1939 onwards',
  'validation.usageStartInFuture': 'This month cannot be in the future',
  'validation.startBeforeUsage': 'Your cover cannot start before you started using the car',
  'validation.startDateInPast': 'Your cover cannot start in the past',
  'validation.startDateTooFar': 'Your cover must start within the next 30 days',
  'validation.tooManyAdditionalDrivers': 'You can add up to 4 additional drivers',
  'validation.onePolicyholder': 'There must be exactly one policyholder',
  'validation.duplicateProfile': 'This driver is already on the proposal',
  'validation.profileCode': 'This driver code is not valid',
  'validation.email': 'Please enter a valid e-mail address',
  'validation.phone': 'Please enter a valid UK phone number',
  'validation.postcode': 'Please enter a valid UK postcode',
  'validation.path': 'This answer cannot be saved here',
  'validation.unknownAsset': 'This vehicle is not on the proposal',
  'validation.unknownProfile': 'This driver is not on the proposal',
  'validation.unknownCover': 'This cover is not offered',
  'validation.unknownScheme': 'This product is not available',
  'validation.unknownBrand': 'This quote belongs to another brand',
  'validation.unknownPromotion': 'This promotion code is not valid',
  // Bounded proposal storage (ADR 137)
  'validation.unknownQuestion': 'This answer is not one of the questions asked',
  'validation.tooLong': 'This answer is too long',
  'validation.tooMany': 'This list has too many items',
  'validation.tooDeep': 'This answer has too many levels',
  // The car's catalogue facts are the vehicle lookup's (ADR 347)
  'validation.vehicleFromLookup': 'The details of the car come from the vehicle lookup and cannot be changed',
  'validation.vehicleNotFound': 'We could not find this vehicle: please look it up again',
  // The brand's configured form rules, checked by the server too (ADR 136)
  'validation.minLength': 'This answer is too short',
  'validation.maxLength': 'This answer is too long',
  'validation.greaterThanOrEqual': 'This value is too small',
  'validation.lessThanOrEqual': 'This value is too large',
  'validation.regExp': 'Please check the format of this answer',
  'validation.phoneNumber': 'Please enter a valid UK phone number',
  'validation.postalCode': 'Please enter a valid UK postcode',
  'validation.registrationNeeded': 'Enter the car’s registration before you buy',
  'validation.numberText': 'Please enter a whole number',
  'validation.afterOrEqual': 'This date is too far in the past',
  'validation.beforeOrEqual': 'This date is too late',
  'validation.afterOrEqualField': 'This date is too early for your other answers',
  'validation.beforeOrEqualPlusYears': 'This is more years than your other answers allow',
  'validation.minYear': 'This year is too early',
  'validation.onlyAccept': 'Please accept to continue',
  'validation.minItems': 'Please add at least one',
  'validation.maxItems': 'This list has too many items',
};

export function riskMessage(key: string): string {
  return riskMessages[key] ?? key;
}
