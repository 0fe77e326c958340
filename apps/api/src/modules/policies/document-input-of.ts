import type { Brand } from '@forecourt/contracts';
import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import type { Quote } from '@forecourt/contracts/proposals';
import { type ProductKind, RELATIONSHIP_LABELS } from '@forecourt/domain/enums';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { policyTermOf, productKindOf } from '@forecourt/domain/policy/term';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { priceBreakdown } from '@forecourt/domain/rating/price';

type Data = Record<string, unknown>;
const str = (v: unknown, fallback = '') => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

const USES = ['SocialDomesticPleasure', 'SocialDomesticPleasureCommuting', 'BusinessClass1'] as const;

export interface DocumentContext {
  policyId: string;
  policyNumber: string;
  versionNumber: number;
  issuedAt: Date;
  startAt: Date;
  endAt: Date;
  productName: string;
  /** The product kind and, for a driveaway, its term: the schedule shows both (ADR 245). */
  product: ProductKind;
  term?: string | undefined;
  brand: Brand;
}

/** The scheme's part of a document's context: its name, product kind and term. */
export function schemeContext(brand: Brand, schemeCode: string) {
  const scheme = schemeOf(brand.schemes, schemeCode);
  const product = productKindOf(scheme?.product);
  return {
    productName: scheme?.name ?? 'Car insurance',
    product,
    term: policyTermOf(product, scheme?.term),
  };
}

/** A registration as the brand writes it (e.g. AB19 CDE), using its registration formats and divider. */
export function formatRegistration(vrn: string, brand: Brand): string {
  const compact = vrn.replace(/\s+/g, '').toUpperCase();
  const { formats, divider } = brand.formats.vehicleRegistration;
  for (const f of formats) {
    const m = new RegExp(f).exec(compact);
    if (m) return m.slice(1).join(divider);
  }
  return compact;
}

/** What the certificate and schedule print, from a proposal's answers and its quote (ADR 084). */
export function documentInputOf(data: Data, quote: Quote, c: DocumentContext): PolicyDocumentInput {
  const profiles = (
    quote.insuredProfiles.length ? quote.insuredProfiles : ((data.profiles ?? []) as never[])
  ) as {
    policyholder: boolean;
    data: Data;
  }[];
  const holder = policyholderOf({ profiles });
  const address = (holder.address ?? {}) as Data;
  const asset = (data.asset ?? {}) as Data;
  const spec = (quote.specification ?? asset.specification ?? {}) as Data;
  // The one price breakdown (ADR 175): a monthly payment's tax is its share of the year's.
  const price = priceBreakdown(quote);
  const monthly = price?.monthly;
  const perMonth = Boolean(monthly);
  const total = perMonth ? (monthly?.regular ?? 0) : (price?.total ?? 0);
  const ipt = price && price.total > 0 ? Math.round((price.ipt * total) / price.total) : 0;
  const use = USES.find((u) => u === asset.usage) ?? 'SocialDomesticPleasure';
  const name = (p: Data) => `${str(p.firstName)} ${str(p.lastName)}`.trim();
  return {
    policyId: c.policyId,
    policyNumber: c.policyNumber,
    versionNumber: c.versionNumber,
    issuedAt: c.issuedAt.toISOString(),
    productName: c.productName,
    brandName: c.brand.name,
    wordingVersion: quote.wordingVersion,
    insurer: {
      code: quote.mainInsurer,
      name: 'Harbour Mutual Insurance Company Limited',
      address: '1 Quayside, Bristol BS1 4QA',
      registration:
        'Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (firm reference number 100001)',
    },
    policyholder: {
      firstName: str(holder.firstName, '-'),
      lastName: str(holder.lastName, '-'),
      dateOfBirth: str(holder.dateOfBirth, '1970-01-01'),
      address: {
        line1: str(address.line1, '-'),
        line2: str(address.line2) || undefined,
        city: str(address.city, '-'),
        postalCode: str(address.postalCode, '-'),
      },
    },
    vehicle: {
      registration: formatRegistration(str(quote.vrn ?? asset.vrn, 'TBC'), c.brand),
      make: str(spec.make, '-'),
      model: str(spec.model, '-'),
      trim: str(spec.trim) || undefined,
      yearOfManufacture: typeof spec.year === 'number' ? spec.year : undefined,
      valuePence: typeof asset.estimatedValue === 'number' ? asset.estimatedValue * 100 : undefined,
      annualMileage: typeof asset.annualMileage === 'number' ? asset.annualMileage : undefined,
    },
    cover: {
      level: 'Comprehensive',
      startAt: c.startAt.toISOString(),
      // Cover ends the minute before the anniversary: 23:59 the day before, as certificates say.
      endAt: new Date(c.endAt.getTime() - 60_000).toISOString(),
      billing: perMonth ? 'monthly' : 'annual',
      product: c.product,
      term: c.term,
    },
    drivers: profiles.map((p) => ({
      name: name(p.data) || '-',
      relationship: p.policyholder
        ? 'Policyholder'
        : ((RELATIONSHIP_LABELS as Record<string, string>)[str(p.data.relationshipToInsured)] ??
          'Named driver'),
      dateOfBirth: str(p.data.dateOfBirth, '1970-01-01'),
      policyholder: p.policyholder,
    })),
    use,
    excesses: quote.excessLines.map((e) => ({
      kind: e.kind,
      compulsoryPence: e.compulsory,
      voluntaryPence: e.voluntary,
    })),
    additionalExcesses: quote.excessLines
      .filter((e) => e.young + e.inexperienced > 0)
      .map((e) => ({
        description: `for ${e.kind.replace(/_/g, ' ')} while a young or inexperienced driver is driving`,
        amountPence: e.young + e.inexperienced,
      })),
    premium: { netPence: total - ipt, iptPence: ipt, totalPence: total, per: perMonth ? 'month' : 'year' },
    ...(price
      ? {
          priceBreakdown: {
            lines: price.lines.map((l) => ({
              coverGroup: l.coverGroup,
              feature: l.feature,
              netPence: l.net,
              iptPence: l.ipt,
              totalPence: l.gross,
            })),
            netPence: price.net,
            iptPence: price.ipt,
            totalPence: price.total,
            iptRate: price.iptRate,
            freeMonths: price.freeMonths,
            promoCode: price.promoCode,
            monthly: price.monthly
              ? {
                  payments: price.monthly.payments,
                  firstPence: price.monthly.first,
                  regularPence: price.monthly.regular,
                }
              : null,
            dueTodayPence: price.dueToday,
          },
        }
      : {}),
    optionalCovers: quote.optionalCovers
      .filter((o) => o.active)
      .map((o) => ({
        name: o.code.replace(/_/g, ' '),
        premiumPence: o.priceOptions[0]?.monthly ?? o.premium ?? 0,
      })),
    endorsements: quote.endorsements.map((e) => ({ code: e.code, title: e.code, text: e.message })),
  };
}
