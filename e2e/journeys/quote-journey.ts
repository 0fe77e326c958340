import type { Locator, Page } from 'playwright-core';

/** Steps of the quote journey shared by the quote browser tests (spec 3 §2, §4). */

export type Shot = (name: string) => Promise<void>;
const noShot: Shot = async () => undefined;

export const question = (page: Page | Locator, id: string) => page.locator(`[data-question="${id}"]`).first();

export async function choose(scope: Page | Locator, id: string, label: string) {
  await question(scope, id).getByRole('radio', { name: label, exact: true }).check();
}

export async function select(scope: Page | Locator, id: string, label: string) {
  await question(scope, id).locator('select').first().selectOption({ label });
}

export async function typeDate(scope: Page | Locator, id: string, iso: string) {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const boxes = question(scope, id).locator('input');
  await boxes.nth(0).fill(d);
  await boxes.nth(1).fill(m);
  await boxes.nth(2).fill(y);
}

export async function lookup(scope: Page | Locator, id: string, text: string, pick: string | RegExp) {
  await question(scope, id).locator('input').first().fill(text);
  await question(scope, id).getByRole('button', { name: pick }).first().click();
}

/** Waits for a section page by its id and returns it. */
export async function onSection(page: Page, id: string) {
  await page.locator(`[data-page="section-${id}"]`).waitFor();
  await page.locator(`form[data-section="${id}"], [data-page="section-${id}"]`).first().waitFor();
}

export async function submit(page: Page, name: RegExp = /Continue|Get my price/) {
  const button = page.locator('form').getByRole('button', { name }).last();
  await button.waitFor();
  await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await button.elementHandle());
  await button.click();
}

export interface Answers {
  registration: string;
  dateOfBirth: string;
  /** 'Yes' makes the visitor declare a previous refusal of insurance (a referral). */
  refused?: boolean;
  conviction?: boolean;
  claim?: boolean;
  driver?: boolean;
  ncd?: string;
  postcode?: string;
}

async function driverQuestions(scope: Page | Locator, dob: string, first: string) {
  await question(scope, 'name').locator('input').nth(0).fill(first);
  await question(scope, 'name').locator('input').nth(1).fill('Taylor');
  await typeDate(scope, 'dateOfBirth', dob);
  await select(scope, 'maritalStatus', 'Married');
  await choose(scope, 'homeOwnership', 'Own with a mortgage');
  await select(scope, 'employmentStatus', 'Employed full time');
  await lookup(scope, 'occupation', 'Teach', /Teacher/);
  await lookup(scope, 'industry', 'Educ', /Education - State/);
}

/**
 * The additional-driver form answered for Alex Taylor (born 1988, full UK licence, nothing to declare): the
 * quote's driver page and a policy's add-a-driver page are the same form.
 */
export async function answerAdditionalDriver(scope: Page | Locator) {
  await driverQuestions(scope, '1988-02-14', 'Alex');
  await select(scope, 'relationshipToInsured', 'Spouse or partner');
  await select(scope, 'licenceType', 'Full UK');
  await typeDate(scope, 'licenceValidFrom', '2008-04-01');
  await choose(scope, 'hasConvictions', 'No');
  await choose(scope, 'hasClaims', 'No');
  for (const id of [
    'bankrupt',
    'unsatisfiedCCJs',
    'unspentCriminalConvictions',
    'previouslyRefusedInsurance',
    'dvlaUnawareOfMedicalCondition',
    'advisedByDoctorNotToDrive',
    'bannedOrDisqualified',
  ])
    await choose(scope, id, 'No');
  await select(scope, 'useOfOtherCar', 'No access to other cars');
}

/** From the product path to the priced quote: every section answered like a newcomer would. */
export async function answerEverySection(page: Page, a: Answers, shot: Shot = noShot) {
  await page.locator('[data-page="before-we-begin"]').waitFor();
  await shot('before-we-begin');
  await page.getByRole('link', { name: "Let's get started" }).click();

  await onSection(page, 'your-car');
  await question(page, 'vehicle').getByLabel('Registration number').fill(a.registration);
  await question(page, 'vehicle').getByRole('button', { name: 'Find my car' }).click();
  await page.getByTestId('vehicle-card').waitFor();
  await choose(page, 'modifications', 'No');
  await choose(page, 'trackerFitted', 'No');
  await select(page, 'registeredKeeper', 'Me');
  await select(page, 'legalOwner', 'Me');
  await shot('section-your-car');
  await submit(page);

  await onSection(page, 'using-the-car');
  await question(page, 'usageStartYearMonth').locator('select').nth(0).selectOption('3');
  await question(page, 'usageStartYearMonth').locator('select').nth(1).selectOption('2022');
  await choose(page, 'usage', 'Social and commuting');
  await question(page, 'annualMileage').locator('input').fill('8000');
  await select(page, 'overnightLocation', 'On a driveway');
  await shot('section-using-the-car');
  await submit(page);

  await onSection(page, 'about-you');
  await driverQuestions(page, a.dateOfBirth, 'Sam');
  for (const id of ['bankrupt', 'unsatisfiedCCJs', 'unspentCriminalConvictions'])
    await choose(page, id, 'No');
  await choose(page, 'previouslyRefusedInsurance', a.refused ? 'Yes' : 'No');
  await shot('section-about-you');
  await submit(page);

  await onSection(page, 'your-home');
  await question(page, 'address')
    .locator('input')
    .fill(a.postcode ?? 'SW1V 7GB');
  await question(page, 'address')
    .getByRole('button', { name: /SW1V 7GB/ })
    .first()
    .click();
  await question(page, 'address')
    .getByRole('button', { name: /Flat 2/ })
    .click();
  await page.getByTestId('chosen-address').waitFor();
  await shot('section-your-home');
  await submit(page);

  await onSection(page, 'your-driving');
  await select(page, 'licenceType', 'Full UK');
  await typeDate(page, 'licenceValidFrom', '2010-06-01');
  await choose(page, 'hasConvictions', a.conviction ? 'Yes' : 'No');
  if (a.conviction) {
    const loop = question(page, 'convictions');
    await lookup(loop, 'code', 'SP30', /Exceeding statutory speed limit/);
    await typeDate(loop, 'convictionDate', '2024-02-10');
    await loop.getByRole('button', { name: 'Confirm' }).click();
    await loop.getByText('SP30').waitFor();
  }
  await select(page, 'useOfOtherCar', 'No access to other cars');
  for (const id of ['dvlaUnawareOfMedicalCondition', 'advisedByDoctorNotToDrive', 'bannedOrDisqualified'])
    await choose(page, id, 'No');
  await shot('section-your-driving');
  await submit(page);

  await onSection(page, 'claims-history');
  await choose(page, 'hasClaims', a.claim ? 'Yes' : 'No');
  if (a.claim) {
    const loop = question(page, 'claims');
    await select(loop, 'type', 'Windscreen');
    await typeDate(loop, 'date', '2023-09-14');
    await choose(loop, 'ncdAffected', 'No');
    await loop.getByRole('button', { name: 'Confirm' }).click();
    await loop.getByText('Windscreen').waitFor();
  }
  await shot('section-claims-history');
  await submit(page);

  await page.locator('[data-page="section-additional-drivers"]').waitFor();
  if (a.driver) {
    await page.getByRole('link', { name: 'Add a driver' }).click();
    await page.locator('[data-page="additional-driver"]').waitFor();
    await answerAdditionalDriver(page);
    await shot('additional-driver');
    await submit(page, /Save driver/);
    await page.locator('[data-profile="p1"]').waitFor();
    await shot('section-additional-drivers');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'Continue without additional drivers' }).click();
  }

  await onSection(page, 'contact-details');
  await question(page, 'email').locator('input').fill('sam.taylor@example.co.uk');
  await question(page, 'phoneNumber').locator('input').fill('07700 900123');
  await shot('section-contact-details');
  await submit(page);

  await onSection(page, 'your-no-claims-bonus');
  await choose(page, 'noClaimsDiscount', a.ncd ?? '5');
  await shot('section-your-no-claims-bonus');
  await submit(page);

  await page
    .locator('[data-page="section-promotional-offer"], [data-page="section-your-cover"]')
    .first()
    .waitFor();
  if (await page.locator('[data-page="section-promotional-offer"]').count()) {
    await question(page, 'promotionTermsAccepted').getByRole('checkbox').check();
    await shot('section-promotional-offer');
    await submit(page);
  }

  await onSection(page, 'your-cover');
  await question(page, 'startDate').locator('select').selectOption({ index: 1 });
  await shot('section-your-cover');
  await submit(page, /Get my price/);
}

/** The monthly price in pence as shown on the configuration page. */
export async function monthlyPence(page: Page): Promise<number> {
  const text = (await page.getByTestId('monthly-price').textContent()) ?? '';
  return Math.round(Number(text.replace(/[£,]/g, '')) * 100);
}
