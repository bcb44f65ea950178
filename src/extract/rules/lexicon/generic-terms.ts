/**
 * Common nouns written in capitals: computing, business and media abbreviations a writer
 * uses as ordinary words ("the CPU", "an API", "SKUs", "VCs", "the CMO", "SEO", "the ICU"). Alone they name no one
 * thing, so a name that is only one of them (or its plural) is not an entity. Standards,
 * protocols and languages with one definition (HTTP, JSON, SQL, USB) are technologies and
 * are not here. Compiled from general vocabulary (device, software, web, business and
 * finance terms), not from any page of the project's golds.
 */
export const GENERIC_TERMS: ReadonlySet<string> = new Set(
  `
ADC AI AR ASIC B2B B2C BI CAD CAGR CDN CLI CMS CPU CRM CSR DAC DIY DRAM DSP EBITDA EMEA EPS ERP ESG EV FAQ
FPGA GPU GUI HDD HDL HR IC IDE IoT IPO IT KPI LAN LCD LED LLM MCU ML MVP NFT NPU OEM OS PC PCB PII PR
QA QoS R&D RAM ROI ROM SaaS PaaS IaaS SDK SKU SME SMB SoC SRAM SSD TPU TV UI UX VC VM VPN VR WAN
CEO CFO CTO COO CMO CIO CISO VP SVP EVP HQ SEO SEM CTA ETA FYI IMO TBD PSA DM ICU GDP ATM PIN CBD THC
`
    .split(/\s+/)
    .filter((t) => t.length > 0),
);

/**
 * True when `name` is one generic term in capitals or its plural ("CPU", "CPUs", "VCs").
 *
 * @example
 *   isGenericTerm('SKUs') // true
 *   isGenericTerm('IBM') // false
 */
export function isGenericTerm(name: string): boolean {
  if (GENERIC_TERMS.has(name)) return true;
  return name.endsWith('s') && GENERIC_TERMS.has(name.slice(0, -1));
}
