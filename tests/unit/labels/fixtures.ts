/** A valid broadband facts record (parsed by the real schema), with overrides. */
import { broadbandFactsSchema } from '../../../src/lib/content/schemas.ts';
import type { BroadbandFactsRecord } from '../../../src/lib/labels/broadband-csv.ts';

export function factsRecord(
  overrides: Partial<Record<keyof BroadbandFactsRecord, unknown>> = {},
): BroadbandFactsRecord {
  return broadbandFactsSchema.parse({
    _id: 'huskymobile-broadbandFacts-fan-1',
    _type: 'broadbandFacts',
    school: { _type: 'reference', _ref: 'school-huskymobile' },
    order: 1,
    header: 'Broadband Facts',
    provider: 'Husky Mobile',
    planName: 'Husky Mobile Fan Essentials',
    planLabel: 'Mobile Broadband Consumer Disclosure',
    disclosureSubtitle: 'Fan plan, single line, 5G',
    timePriceLabel: 'Monthly Price',
    planPrice: '$30.00',
    isIntroductoryRate: 'This Monthly Price is not an introductory rate.',
    requiresContract: 'This Monthly Price does not require a contract.',
    additionalCharges: [
      { label: 'Activation Fee', description: '$0.00' },
      { label: 'Government Taxes', description: 'Included in the Monthly Price' },
    ],
    discounts: [{ label: 'Multi-line savings', description: 'Save $5/mo per line, 3+ lines.' }],
    speeds: [
      { label: 'Typical Download Speed', speedRange: '35-250 Mbps' },
      { label: 'Typical Upload Speed', speedRange: '5-25 Mbps' },
      { label: 'Typical Latency', speedRange: '26-45 ms' },
    ],
    dataLabel: 'Data Included with Monthly Price',
    countGB: '10 GB',
    additionalUsageLabel: 'Charges for Additional Data Usage',
    additionalUsagePrice: '$0.00',
    policy: [
      {
        title: 'Network Management',
        linkText: 'Read our Policy',
        link: 'https://example.com/network',
      },
      { title: 'Privacy', linkText: 'Read our Policy', link: 'https://example.com/privacy' },
    ],
    supportLabel: 'Customer Support',
    supportNumber: '(800) 555-0142',
    intercomWebsiteLabel: 'Website',
    intercomLinkText: 'support.example.com',
    intercomLink: 'https://support.example.com',
    fccMiniLabel: 'Learn more at fcc.gov/consumer.',
    uniquePlanId: 'M36152451655G9PC1ZJ9JEHE86',
    ...overrides,
  });
}
