/**
 * Hand-written name lists added to the gazetteer (in every training fold), for the
 * two types the public training sets barely cover: technology (programming
 * languages, frameworks, protocols, standards, platforms) and product.
 * Space-separated tokens, as the tokenizer splits them.
 *
 * Technology and product names are one list each: the shipped lexicon's `TECHNOLOGIES` and
 * `PRODUCTS` (rules/lexicon/technology.ts); `TECHNOLOGY_NAMES` and `PRODUCT_NAMES` hold only
 * the names they lack, and `TRAINING_TECHNOLOGY_NAMES` / `TRAINING_PRODUCT_NAMES` are each
 * pair together, as the gazetteer compiles them.
 */
import { PRODUCTS, TECHNOLOGIES } from '../rules/lexicon/technology';

export const TECHNOLOGY_NAMES: readonly string[] = [
  // Programming languages
  'Common Lisp',
  'BASIC',
  'Smalltalk',
  'Simula',
  'ALGOL',
  'APL',
  'Verilog',
  'VHDL',
  'CoffeeScript',
  'Mathematica',
  // Frameworks, libraries, runtimes
  // Protocols and standards
  'TCP/IP',
  'OpenID',
  'GPS',
  'BGP',
  'JPEG',
  'PNG',
  'MPEG',
  'PDF',
  'RSS',
  'LDAP',
  'Kerberos',
  // Platforms and operating systems
  'Unix',
  'AWS',
  'Azure',
  'Google Cloud',
  'DirectX',
  'LaTeX',
  'TeX',
];

/** Every technology name of the project's lists: the lexicon's and the additions above. */
export const TRAINING_TECHNOLOGY_NAMES: readonly string[] = [...TECHNOLOGIES, ...TECHNOLOGY_NAMES];

/** Product names the lexicon's `PRODUCTS` lacks (one list: `TRAINING_PRODUCT_NAMES` is the two together). */
export const PRODUCT_NAMES: readonly string[] = [
  'iPod',
  'MacBook Pro',
  'MacBook Air',
  'Microsoft Office',
  'Illustrator',
  'Jira',
  'Confluence',
  'Salesforce',
  'Tesla Model 3',
  'Model S',
  'Model X',
  'Model Y',
  'Game Boy',
  'Roomba',
  'Visual Studio',
  'Boeing 747',
  'Boeing 737',
  'Airbus A380',
  'AlphaGo',
  'Deep Blue',
  // Services the annotated pages name as the service far more often than as the firm (Twitter a
  // product 15 of 17 times, Wikipedia 3 of 3); the firm is a company by its legal form ("Twitter
  // Inc.") or by the user's correction.
  'Twitter',
  'Wikipedia',
];

/** Every product name of the project's lists: the lexicon's and the additions above. */
export const TRAINING_PRODUCT_NAMES: readonly string[] = [...PRODUCTS, ...PRODUCT_NAMES];

/**
 * Companies the web talks about that Reuters 1996 could not know (tech, finance,
 * platforms); CoNLL's own organizations come from its training spans.
 */
export const COMPANY_NAMES: readonly string[] = [
  'Stripe',
  'Google',
  'Alphabet',
  'Apple',
  'Microsoft',
  'Amazon',
  'Meta',
  'Facebook',
  'Netflix',
  'Tesla',
  'SpaceX',
  'OpenAI',
  'Anthropic',
  'DeepMind',
  'Nvidia',
  'NVIDIA',
  'Intel',
  'AMD',
  'IBM',
  'Oracle',
  'Salesforce',
  'Adobe',
  'Shopify',
  'Airbnb',
  'Uber',
  'Lyft',
  'PayPal',
  'Square',
  'Block',
  'Coinbase',
  'Spotify',
  'Snap',
  'Pinterest',
  'LinkedIn',
  'GitHub',
  'GitLab',
  'Atlassian',
  'Cloudflare',
  'Mozilla',
  'Samsung',
  'Sony',
  'Huawei',
  'Xiaomi',
  'Alibaba',
  'Tencent',
  'Baidu',
  'ByteDance',
  'TikTok',
  'Dropbox',
  'Twilio',
  'Datadog',
  'MongoDB Inc',
  'Vercel',
  'Netlify',
  'Figma',
  'Canva',
  'Zoom Video Communications',
  'Slack Technologies',
  'Qualcomm',
  'ARM',
  'TSMC',
  'Broadcom',
  'Cisco',
  'Dell',
  'HP',
  'Lenovo',
  'Y Combinator',
  'Sequoia Capital',
  'Andreessen Horowitz',
  'Goldman Sachs',
  'JPMorgan',
  'Morgan Stanley',
  'BlackRock',
  'Visa',
  'Mastercard',
  'Wikimedia Foundation',
  'Reuters',
  'Bloomberg',
  'The New York Times',
  'BBC',
  'CNN',
  'Walmart',
  'Target',
  'Costco',
  'Starbucks',
  'Nike',
];
