/**
 * schema.org vocabulary as Ariadne sees it: which types become which entity type,
 * which types are page furniture (never entities), and which properties are
 * relations (with their label and direction) or attributes.
 */
import type { EntityType } from '../../core/graph/types';

const COMPANY_TYPES = new Set([
  'Organization',
  'Corporation',
  'NewsMediaOrganization',
  'OnlineBusiness',
  'OnlineStore',
  'LocalBusiness',
  'Store',
  'Restaurant',
  'NGO',
  'GovernmentOrganization',
  'EducationalOrganization',
  'CollegeOrUniversity',
  'School',
  'MedicalOrganization',
  'SportsOrganization',
  'SportsTeam',
  'PerformingGroup',
  'MusicGroup',
  'Airline',
  'Consortium',
  'FundingScheme',
  'LibrarySystem',
  'ResearchOrganization',
  'WorkersUnion',
  'PoliticalParty',
  'Project',
  'ResearchProject',
  'FinancialService',
  'BankOrCreditUnion',
  'Hotel',
  'ProfessionalService',
  'Brewery',
  'Winery',
  'AutoDealer',
  'Dentist',
  'Physician',
  'Hospital',
]);
const PERSON_TYPES = new Set(['Person', 'Patient']);
const TECHNOLOGY_TYPES = new Set([
  'SoftwareApplication',
  'SoftwareSourceCode',
  'WebAPI',
  'ProgrammingLanguage',
  'MobileApplication',
  'WebApplication',
  'VideoGame',
  'ComputerLanguage',
  'APIReference',
  'Dataset',
  'DataCatalog',
]);
const PRODUCT_TYPES = new Set(['Product', 'Brand', 'ProductModel', 'ProductGroup', 'IndividualProduct', 'Vehicle', 'Car', 'Motorcycle']);
const LOCATION_TYPES = new Set([
  'Place',
  'City',
  'Country',
  'State',
  'AdministrativeArea',
  'PostalAddress',
  'Continent',
  'Landform',
  'TouristAttraction',
  'TouristDestination',
  'CivicStructure',
  'Airport',
  'Museum',
  'Park',
  'Landmark',
  'LandmarksOrHistoricalBuildings',
  'Residence',
  'Accommodation',
  'BodyOfWater',
  'Mountain',
  'Place',
  'VirtualLocation',
  'GeoShape',
]);
/**
 * Types that describe the page itself or its furniture. They never become
 * entities, but their properties are still read (an Article's author is a person).
 */
const FURNITURE_TYPES = new Set([
  'WebPage',
  'WebSite',
  'WebPageElement',
  'WPHeader',
  'WPFooter',
  'WPSideBar',
  'WPAdBlock',
  'SiteNavigationElement',
  'BreadcrumbList',
  'ListItem',
  'ItemList',
  'ImageObject',
  'VideoObject',
  'AudioObject',
  'MediaObject',
  'SearchAction',
  'ReadAction',
  'ViewAction',
  'EntryPoint',
  'Action',
  'PropertyValueSpecification',
  'Article',
  'NewsArticle',
  'BlogPosting',
  'TechArticle',
  'ScholarlyArticle',
  'Report',
  'AnalysisNewsArticle',
  'OpinionNewsArticle',
  'ReportageNewsArticle',
  'ReviewNewsArticle',
  'BackgroundNewsArticle',
  'LiveBlogPosting',
  'SocialMediaPosting',
  'DiscussionForumPosting',
  'Blog',
  'CollectionPage',
  'ProfilePage',
  'AboutPage',
  'ContactPage',
  'FAQPage',
  'QAPage',
  'ItemPage',
  'SearchResultsPage',
  'MediaGallery',
  'ImageGallery',
  'Comment',
  'Question',
  'Answer',
  'ContactPoint',
  'Offer',
  'AggregateOffer',
  'AggregateRating',
  'Rating',
  'Review',
  'PropertyValue',
  'QuantitativeValue',
  'MonetaryAmount',
  'PriceSpecification',
  'GeoCoordinates',
  'OpeningHoursSpecification',
  'Thing',
  'CreativeWork',
  'WebContent',
  'SpeakableSpecification',
  'Duration',
  'InteractionCounter',
  'DataFeed',
  'Language',
  'Audience',
  'Intangible',
  'StructuredValue',
  'DefinedTerm',
  'HowTo',
  'HowToStep',
  'Recipe',
  'NutritionInformation',
  'Periodical',
  'PublicationIssue',
  'PublicationVolume',
]);

/** `http://schema.org/Person`, `schema:Person`, `Person` → `Person`. */
export function bareType(type: string): string {
  const hash = Math.max(type.lastIndexOf('/'), type.lastIndexOf('#'), type.lastIndexOf(':'));
  return type.slice(hash + 1).trim();
}

/**
 * The entity type for a list of schema.org types, or `undefined` for page
 * furniture. The most specific known family wins, in a fixed order.
 *
 * @example
 *   entityTypeFor(['NewsMediaOrganization']) // 'company'
 *   entityTypeFor(['WebPage'])               // undefined
 */
export function entityTypeFor(types: readonly string[]): EntityType | undefined {
  const bare = types.map(bareType);
  const isCompany = bare.some((t) => COMPANY_TYPES.has(t) || t.endsWith('Organization') || t.endsWith('Business'));
  // `["Person", "Organization"]` (a site owner in some SEO plugins) is the site: a company.
  if (bare.some((t) => PERSON_TYPES.has(t))) return isCompany ? 'company' : 'person';
  if (bare.some((t) => TECHNOLOGY_TYPES.has(t))) return 'technology';
  if (bare.some((t) => PRODUCT_TYPES.has(t))) return 'product';
  if (isCompany) return 'company';
  if (bare.some((t) => LOCATION_TYPES.has(t))) return 'location';
  if (bare.length === 0 || bare.every((t) => FURNITURE_TYPES.has(t) || t.length === 0)) return undefined;
  return 'other';
}

/** How a property becomes a relation: its label, and whether the edge is reversed. */
export interface RelationProperty {
  readonly label: string;
  /** When true the edge points from the value to the subject (`employee` → value works for subject). */
  readonly reverse: boolean;
}

/**
 * Relation properties, labelled with the graph's relationship labels (`founded_by`,
 * `employs`, `located_in`, …). Inverse properties share one direction so that
 * `worksFor` and `employee` give the same edge. A `Map`: it is looked up by the
 * page's property names, and `constructor` or `__proto__` must find nothing.
 */
export const RELATION_PROPERTIES: ReadonlyMap<string, RelationProperty> = new Map(
  Object.entries({
    founder: { label: 'founded_by', reverse: false },
    founders: { label: 'founded_by', reverse: false },
    employee: { label: 'employs', reverse: false },
    employees: { label: 'employs', reverse: false },
    worksFor: { label: 'employs', reverse: true },
    affiliation: { label: 'member_of', reverse: false },
    member: { label: 'member_of', reverse: true },
    members: { label: 'member_of', reverse: true },
    memberOf: { label: 'member_of', reverse: false },
    parentOrganization: { label: 'subsidiary_of', reverse: false },
    subOrganization: { label: 'subsidiary_of', reverse: true },
    department: { label: 'part_of', reverse: true },
    location: { label: 'located_in', reverse: false },
    address: { label: 'located_in', reverse: false },
    headquarters: { label: 'headquartered_in', reverse: false },
    foundingLocation: { label: 'founded_in', reverse: false },
    containedInPlace: { label: 'located_in', reverse: false },
    homeLocation: { label: 'located_in', reverse: false },
    manufacturer: { label: 'manufactured_by', reverse: false },
    brand: { label: 'brand', reverse: false },
    author: { label: 'created_by', reverse: false },
    creator: { label: 'created_by', reverse: false },
    publisher: { label: 'published_by', reverse: false },
    owns: { label: 'owns', reverse: false },
    alumniOf: { label: 'alumni_of', reverse: false },
  }),
);

/** Scalar properties copied into attributes (schema name → attribute key). */
export const ATTRIBUTE_PROPERTIES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    url: 'url',
    foundingDate: 'founded',
    jobTitle: 'jobTitle',
    tickerSymbol: 'tickerSymbol',
    birthDate: 'birthDate',
    numberOfEmployees: 'employees',
    legalName: 'legalName',
    applicationCategory: 'category',
    operatingSystem: 'operatingSystem',
    programmingLanguage: 'programmingLanguage',
    codeRepository: 'codeRepository',
    model: 'model',
    sku: 'sku',
    addressCountry: 'country',
    addressRegion: 'region',
    addressLocality: 'locality',
    postalCode: 'postalCode',
    streetAddress: 'streetAddress',
    nationality: 'nationality',
  }),
);

/** Properties whose values are other names of the same thing. */
export const ALIAS_PROPERTIES = ['alternateName', 'legalName'] as const;
