/**
 * Word lists, the courier catalogue and small generators for the demo seed. Pure: every
 * generator takes the seeded Prng, so the same seed always gives the same people and firms.
 *
 * Names are grouped by region so a generated person reads like a real one ("Hetal Shah",
 * "Sourav Ganguly"), rather than a random first name glued to a random surname.
 */
import type { Prng } from "./prng";

// ---------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------

type NameGroup = {
  weight: number;
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
};

export const NAME_GROUPS: Readonly<Record<string, NameGroup>> = {
  north: {
    weight: 30,
    male: [
      "Rajesh",
      "Amit",
      "Rahul",
      "Vikas",
      "Sanjay",
      "Manoj",
      "Deepak",
      "Ankit",
      "Rohit",
      "Sumit",
      "Gaurav",
      "Nitin",
      "Vivek",
      "Ashish",
      "Pankaj",
      "Saurabh",
      "Abhishek",
      "Varun",
      "Karan",
      "Harpreet",
      "Gurpreet",
      "Manpreet",
      "Jaspreet",
      "Aditya",
      "Ravi",
      "Sachin",
      "Anuj",
      "Mohit",
      "Tarun",
      "Yash",
      "Kunal",
      "Akshay",
      "Puneet",
      "Ayush",
      "Harsh",
      "Aman",
      "Shubham",
      "Lalit",
      "Vineet",
      "Rakesh",
    ],
    female: [
      "Priya",
      "Pooja",
      "Neha",
      "Anjali",
      "Ritu",
      "Sonia",
      "Kavita",
      "Sunita",
      "Swati",
      "Shweta",
      "Nisha",
      "Preeti",
      "Simran",
      "Harleen",
      "Jasleen",
      "Komal",
      "Megha",
      "Shikha",
      "Divya",
      "Aarti",
      "Payal",
      "Ruchi",
      "Tanvi",
      "Isha",
      "Kriti",
      "Sakshi",
      "Ankita",
      "Deepika",
      "Garima",
      "Muskan",
    ],
    surnames: [
      "Sharma",
      "Verma",
      "Gupta",
      "Agarwal",
      "Singh",
      "Chauhan",
      "Yadav",
      "Malhotra",
      "Kapoor",
      "Khanna",
      "Arora",
      "Bhatia",
      "Sethi",
      "Chopra",
      "Mehra",
      "Saxena",
      "Srivastava",
      "Tiwari",
      "Mishra",
      "Pandey",
      "Dubey",
      "Tripathi",
      "Rastogi",
      "Bansal",
      "Goel",
      "Mittal",
      "Jindal",
      "Garg",
      "Sandhu",
      "Gill",
      "Dhillon",
      "Grewal",
      "Rawat",
      "Negi",
      "Bisht",
      "Thakur",
    ],
  },
  west: {
    weight: 22,
    male: [
      "Hardik",
      "Jignesh",
      "Mehul",
      "Chirag",
      "Nilesh",
      "Bhavesh",
      "Ketan",
      "Dhaval",
      "Parth",
      "Mahesh",
      "Suresh",
      "Prakash",
      "Sandeep",
      "Omkar",
      "Aniket",
      "Tushar",
      "Sagar",
      "Pratik",
      "Swapnil",
      "Siddhesh",
      "Vinod",
      "Jayesh",
      "Hitesh",
      "Nikhil",
      "Mayur",
      "Devendra",
      "Rupesh",
      "Kalpesh",
      "Viral",
      "Yogesh",
    ],
    female: [
      "Hetal",
      "Krupa",
      "Dhara",
      "Bhavna",
      "Jinal",
      "Foram",
      "Mansi",
      "Nidhi",
      "Pallavi",
      "Snehal",
      "Madhuri",
      "Rutuja",
      "Sayali",
      "Ashwini",
      "Shraddha",
      "Manisha",
      "Vaishali",
      "Prajakta",
      "Gauri",
      "Ketki",
      "Rupal",
      "Dimple",
      "Khushboo",
      "Apeksha",
      "Sneha",
    ],
    surnames: [
      "Patel",
      "Shah",
      "Mehta",
      "Desai",
      "Joshi",
      "Parikh",
      "Modi",
      "Trivedi",
      "Bhatt",
      "Vyas",
      "Thakkar",
      "Chokshi",
      "Kulkarni",
      "Deshpande",
      "Patil",
      "Jadhav",
      "Pawar",
      "Shinde",
      "Gokhale",
      "Kale",
      "Bhosale",
      "Naik",
      "Sawant",
      "Gaikwad",
      "Deshmukh",
      "Rathod",
      "Shekhawat",
      "Rathore",
      "Jain",
      "Maheshwari",
      "Lodha",
      "Bhandari",
    ],
  },
  south: {
    weight: 25,
    male: [
      "Karthik",
      "Arun",
      "Vijay",
      "Ramesh",
      "Venkatesh",
      "Srinivas",
      "Prasad",
      "Naveen",
      "Kiran",
      "Harish",
      "Manjunath",
      "Raghav",
      "Siddharth",
      "Pradeep",
      "Ganesh",
      "Balaji",
      "Senthil",
      "Murali",
      "Anand",
      "Vishnu",
      "Arjun",
      "Abhilash",
      "Sreejith",
      "Anoop",
      "Jithin",
      "Nithin",
      "Sai",
      "Chaitanya",
      "Praveen",
      "Dinesh",
      "Vignesh",
      "Hari",
      "Vikram",
    ],
    female: [
      "Lakshmi",
      "Deepa",
      "Kavya",
      "Meera",
      "Sowmya",
      "Swathi",
      "Ramya",
      "Shruthi",
      "Pavithra",
      "Keerthi",
      "Anusha",
      "Bhavana",
      "Revathi",
      "Gayathri",
      "Nandini",
      "Aishwarya",
      "Lavanya",
      "Haritha",
      "Sreelakshmi",
      "Aparna",
      "Nayana",
      "Divya",
      "Priya",
    ],
    surnames: [
      "Iyer",
      "Iyengar",
      "Raghavan",
      "Subramanian",
      "Krishnan",
      "Narayanan",
      "Venkataraman",
      "Ramachandran",
      "Srinivasan",
      "Balasubramanian",
      "Reddy",
      "Rao",
      "Naidu",
      "Chowdary",
      "Varma",
      "Raju",
      "Gowda",
      "Shetty",
      "Hegde",
      "Kamath",
      "Pai",
      "Bhat",
      "Nair",
      "Menon",
      "Pillai",
      "Kurup",
      "Panicker",
      "Nambiar",
      "Warrier",
      "Murthy",
    ],
  },
  east: {
    weight: 12,
    male: [
      "Sourav",
      "Arindam",
      "Abhijit",
      "Debashish",
      "Subhajit",
      "Anirban",
      "Saikat",
      "Partha",
      "Sandip",
      "Indranil",
      "Rajdeep",
      "Tapas",
      "Biswajit",
      "Soumya",
      "Prasenjit",
      "Amitava",
      "Bikash",
      "Pranab",
      "Sanjib",
      "Dipankar",
      "Manas",
      "Rituraj",
      "Bhaskar",
      "Jyotirmoy",
      "Subrata",
    ],
    female: [
      "Ananya",
      "Sreya",
      "Riya",
      "Moumita",
      "Payel",
      "Sudeshna",
      "Debjani",
      "Tanushree",
      "Rupa",
      "Mitali",
      "Sohini",
      "Paromita",
      "Anindita",
      "Ishita",
      "Madhumita",
      "Swagata",
      "Rituparna",
      "Barnali",
      "Pallabi",
      "Jayashree",
    ],
    surnames: [
      "Banerjee",
      "Chatterjee",
      "Mukherjee",
      "Ganguly",
      "Bhattacharya",
      "Chakraborty",
      "Das",
      "Dutta",
      "Ghosh",
      "Bose",
      "Sen",
      "Sarkar",
      "Roy",
      "Mitra",
      "Majumdar",
      "Saha",
      "Pal",
      "Mondal",
      "Biswas",
      "Nath",
      "Mohanty",
      "Panda",
      "Patnaik",
      "Sahoo",
      "Behera",
      "Baruah",
      "Bora",
      "Gogoi",
      "Kalita",
      "Hazarika",
    ],
  },
  muslim: {
    weight: 8,
    male: [
      "Imran",
      "Irfan",
      "Faisal",
      "Salman",
      "Arif",
      "Asif",
      "Zaid",
      "Sameer",
      "Tariq",
      "Javed",
      "Nadeem",
      "Shahid",
      "Aamir",
      "Rizwan",
      "Adil",
      "Danish",
      "Farhan",
      "Wasim",
      "Mohammed",
      "Altaf",
      "Junaid",
      "Owais",
      "Sohail",
      "Yusuf",
      "Aslam",
    ],
    female: [
      "Ayesha",
      "Fatima",
      "Zainab",
      "Sana",
      "Nazia",
      "Farah",
      "Rukhsar",
      "Heena",
      "Shabnam",
      "Saba",
      "Mehreen",
      "Aafreen",
      "Nargis",
      "Rubina",
      "Zoya",
      "Alina",
      "Iqra",
      "Tabassum",
      "Shaheen",
      "Yasmin",
    ],
    surnames: [
      "Khan",
      "Qureshi",
      "Ansari",
      "Shaikh",
      "Siddiqui",
      "Sayyed",
      "Pathan",
      "Mirza",
      "Hussain",
      "Ali",
      "Ahmed",
      "Rizvi",
      "Naqvi",
      "Farooqui",
      "Baig",
      "Memon",
      "Kazi",
      "Mansoori",
      "Malik",
    ],
  },
  christian: {
    weight: 3,
    male: [
      "Joseph",
      "Thomas",
      "George",
      "Jacob",
      "Mathew",
      "Anthony",
      "Francis",
      "Sebastian",
      "Xavier",
      "Paul",
      "Stephen",
      "Roshan",
      "Joel",
      "Alwyn",
      "Clinton",
    ],
    female: [
      "Mary",
      "Teresa",
      "Elizabeth",
      "Annie",
      "Jessy",
      "Reena",
      "Sheela",
      "Merlin",
      "Nancy",
      "Rachel",
      "Shirley",
      "Sharon",
      "Gladys",
      "Priscilla",
      "Anita",
    ],
    surnames: [
      "D'Souza",
      "Fernandes",
      "Pereira",
      "Rodrigues",
      "D'Costa",
      "Pinto",
      "Lobo",
      "Gomes",
      "Kurian",
      "Varghese",
      "Chacko",
      "Abraham",
      "Joseph",
      "Mathew",
      "Thomas",
    ],
  },
};

export type PersonName = { first: string; last: string; full: string };

const groupEntries = Object.values(NAME_GROUPS).map((g) => [g, g.weight] as const);

export function personName(rng: Prng): PersonName {
  const group = rng.weighted(groupEntries);
  const first = rng.pick(rng.chance(0.5) ? group.male : group.female);
  let last = rng.pick(group.surnames);
  // "Thomas Thomas" happens in life, but reads like a bug in a demo.
  if (last === first) last = rng.pick(group.surnames.filter((s) => s !== first));
  return { first, last, full: `${first} ${last}` };
}

/** Lower-case ASCII letters and digits only, for e-mail local parts and domains. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");
}

// ---------------------------------------------------------------------------------------
// Companies
// ---------------------------------------------------------------------------------------

export const PRODUCT_CATEGORIES = [
  "fashion_apparel",
  "jewellery_accessories",
  "electronics",
  "health_beauty",
  "grocery",
  "others",
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Roughly the mix of a D2C shipping platform's sellers: fashion dominates. */
export const PRODUCT_CATEGORY_WEIGHTS: ReadonlyArray<readonly [ProductCategory, number]> = [
  ["fashion_apparel", 34],
  ["jewellery_accessories", 12],
  ["electronics", 12],
  ["health_beauty", 16],
  ["grocery", 10],
  ["others", 16],
];

/** What a traditional firm in the category calls itself ("Shree Ganesh Textiles"). */
const TRADE_WORDS: Record<ProductCategory, readonly string[]> = {
  fashion_apparel: [
    "Textiles",
    "Fabrics",
    "Garments",
    "Sarees",
    "Silks",
    "Ethnic Wear",
    "Kurtis",
    "Fashions",
    "Apparels",
    "Creations",
    "Handlooms",
    "Clothing",
    "Boutique",
    "Hosiery",
  ],
  jewellery_accessories: [
    "Jewellers",
    "Gems",
    "Ornaments",
    "Accessories",
    "Silver",
    "Bangles",
    "Pearls",
    "Imitation Jewellery",
    "Watches",
    "Bags",
    "Footwear",
  ],
  electronics: [
    "Electronics",
    "Mobiles",
    "Gadgets",
    "Technologies",
    "Digital",
    "Appliances",
    "Computers",
    "Infotech",
    "Mobile Accessories",
    "Electricals",
  ],
  health_beauty: [
    "Herbals",
    "Naturals",
    "Ayurveda",
    "Cosmetics",
    "Wellness",
    "Organics",
    "Healthcare",
    "Essentials",
    "Skincare",
    "Perfumes",
  ],
  grocery: [
    "Foods",
    "Spices",
    "Masale",
    "Dry Fruits",
    "Agro Foods",
    "Tea",
    "Sweets",
    "Namkeen",
    "Provisions",
    "Pickles",
  ],
  others: [
    "Home Decor",
    "Handicrafts",
    "Furnishings",
    "Toys",
    "Books",
    "Stationery",
    "Kitchenware",
    "Brass Works",
    "Pottery",
    "Home Needs",
    "Sports",
    "Pet Supplies",
    "Enterprises",
    "Traders",
  ],
};

/** The second word of a D2C brand ("Urban Kurta Co.", "Bare Botanics"). */
const BRAND_NOUNS: Record<ProductCategory, readonly string[]> = {
  fashion_apparel: [
    "Kurta",
    "Threads",
    "Loom",
    "Vastra",
    "Attire",
    "Drape",
    "Weaves",
    "Chikan",
    "Jutti",
    "Denim",
    "Khadi",
  ],
  jewellery_accessories: ["Jhumka", "Kundan", "Trinkets", "Charms", "Oxidised", "Payal", "Totes", "Moti"],
  electronics: ["Gadget", "Circuit", "Volt", "Byte", "Plug", "Charge", "Audio", "Gizmo"],
  health_beauty: ["Glow", "Skin", "Roots", "Botanics", "Ayur", "Veda", "Bloom", "Tulsi", "Kesar"],
  grocery: ["Pantry", "Basket", "Harvest", "Masala", "Chai", "Millet", "Ghee", "Farms", "Kitchen"],
  others: ["Nest", "Mitti", "Ghar", "Craft", "Decor", "Kala", "Toys", "Paper", "Haat"],
};

const BRAND_ADJECTIVES = [
  "Urban",
  "Desi",
  "Little",
  "Happy",
  "Pure",
  "Bare",
  "Indie",
  "Bombay",
  "Jaipur",
  "Mystic",
  "Zen",
  "Good",
  "True",
  "Wild",
  "Native",
  "Simply",
  "Modern",
  "Rustic",
  "Bright",
  "Tiny",
  "Daily",
  "The",
  "Namma",
  "Apna",
  "Madras",
  "Calcutta",
  "Goa",
  "Himalayan",
  "Coastal",
  "Kashmiri",
] as const;

const BRAND_SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ["", 30],
  ["Co.", 20],
  ["& Co.", 6],
  ["Store", 6],
  ["Studio", 6],
  ["Labs", 4],
  ["India", 8],
  ["Collective", 4],
  ["Company", 4],
  ["Works", 4],
];

/** Auspicious, mythological and geographic names traditional firms are named after. */
const FIRM_NAMES = [
  "Ganesh",
  "Balaji",
  "Krishna",
  "Laxmi",
  "Sai",
  "Durga",
  "Kaveri",
  "Narmada",
  "Ganga",
  "Yamuna",
  "Godavari",
  "Himalaya",
  "Sahyadri",
  "Vindhya",
  "Nilgiri",
  "Ashoka",
  "Maurya",
  "Kalinga",
  "Vijay",
  "Amar",
  "Navkar",
  "Mahalaxmi",
  "Annapurna",
  "Jyoti",
  "Surya",
  "Chandra",
  "Kamdhenu",
  "Kohinoor",
  "Royal",
  "Supreme",
  "Sterling",
  "Pioneer",
  "Apex",
  "Vardhman",
  "Mahavir",
  "Padmavati",
  "Gayatri",
  "Saraswati",
  "Anand",
  "Shubh",
  "Mangal",
  "Siddhi",
  "Riddhi",
  "Om Sai",
  "Hanuman",
  "Shiv Shakti",
  "Jagdamba",
  "Ambika",
  "Umiya",
  "Khodiyar",
  "Murugan",
  "Meenakshi",
  "Tirupati",
  "Venkateshwara",
  "Ayyappa",
  "Jagannath",
  "Kamakhya",
  "Tara",
  "Bharat",
  "Hind",
  "Indus",
  "Sagar",
  "Kiran",
  "Deep",
  "Neel",
  "Moti",
  "Heera",
  "Panna",
  "Sona",
  "Chandan",
] as const;

const FIRM_PREFIXES: ReadonlyArray<readonly [string, number]> = [
  ["", 40],
  ["Shree", 22],
  ["Sri", 12],
  ["Shri", 6],
  ["Jai", 6],
  ["Maa", 4],
  ["New", 5],
  ["Om", 3],
];

const LEGAL_SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ["", 45],
  ["Pvt Ltd", 22],
  ["Private Limited", 6],
  ["LLP", 8],
  ["& Co.", 5],
  ["India Pvt Ltd", 6],
  ["(OPC) Pvt Ltd", 4],
];

/** Towns famous for a trade; firms there often carry the town's name. */
const TRADE_TOWNS = [
  "Jaipur",
  "Surat",
  "Ludhiana",
  "Tiruppur",
  "Kanpur",
  "Moradabad",
  "Varanasi",
  "Kanchi",
  "Mysore",
  "Lucknow",
  "Agra",
  "Indore",
  "Coimbatore",
  "Rajkot",
  "Kolhapur",
  "Bikaner",
  "Amritsar",
  "Madurai",
  "Cochin",
  "Guwahati",
  "Bhagalpur",
  "Sambalpur",
  "Pochampally",
  "Chanderi",
  "Maheshwar",
  "Bagru",
  "Erode",
  "Panipat",
  "Khurja",
  "Saharanpur",
] as const;

const FAMILY_FORMS: ReadonlyArray<readonly [string, number]> = [
  ["{surname} {trade}", 6],
  ["{surname} Brothers", 2],
  ["{surname} & Sons", 2],
  ["{surname} {trade} House", 1],
];

const allSurnames = Object.values(NAME_GROUPS).flatMap((g) => g.surnames.filter((s) => !s.includes("'")));

const join = (...parts: string[]) => parts.filter(Boolean).join(" ");

export type CompanyName = {
  /** As registered and shown, e.g. "Kaveri Home Decor Pvt Ltd". */
  name: string;
  /** The name without legal suffix, used for uniqueness and for the firm's web domain. */
  core: string;
};

/**
 * A realistic seller firm in the category: a traditional trading firm, a family business,
 * a firm named after its trade town, or a D2C brand.
 */
export function companyName(rng: Prng, category: ProductCategory): CompanyName {
  const trade = rng.pick(TRADE_WORDS[category]);
  const style = rng.weighted([
    ["firm", 40],
    ["family", 15],
    ["town", 10],
    ["brand", 35],
  ] as const);
  let core: string;
  switch (style) {
    case "firm":
      core = join(rng.weighted(FIRM_PREFIXES), rng.pick(FIRM_NAMES), trade);
      break;
    case "family":
      core = rng.weighted(FAMILY_FORMS).replace("{surname}", rng.pick(allSurnames)).replace("{trade}", trade);
      break;
    case "town":
      core = join(rng.pick(TRADE_TOWNS), trade);
      break;
    case "brand": {
      // Short D2C brands are often run together ("Desiloom", "Purekesar"); long ones
      // ("Himalayanglow") would not be.
      const adjective = rng.pick(BRAND_ADJECTIVES);
      const noun = rng.pick(BRAND_NOUNS[category]);
      const runTogether = adjective !== "The" && adjective.length <= 5 && noun.length <= 6 && rng.chance(0.3);
      const word = runTogether ? adjective + noun.toLowerCase() : join(adjective, noun);
      return { name: join(word, rng.weighted(BRAND_SUFFIXES)), core: word };
    }
  }
  // "Sharma Traders & Co." and "Modi Brothers (OPC) Pvt Ltd" (a one-person company of
  // brothers) read wrong: such names keep to no suffix or the ordinary company forms.
  const generic = /Brothers|Sons|Enterprises|Traders/.test(core);
  const suffix = rng.weighted(
    LEGAL_SUFFIXES.filter(([s]) => !generic || s === "" || (s.includes("Ltd") && !s.includes("OPC"))),
  );
  return { name: join(core, suffix), core };
}

const DOMAIN_TLDS: ReadonlyArray<readonly [string, number]> = [
  ["in", 35],
  ["com", 35],
  ["co.in", 18],
  ["store", 6],
  ["shop", 6],
];

const MAILBOXES = [
  "info",
  "orders",
  "contact",
  "support",
  "sales",
  "accounts",
  "hello",
  "care",
  "ops",
  "dispatch",
] as const;

/**
 * A business address on the firm's own domain: firms' mailboxes ("orders@…"), or the
 * owner's first name. Mail providers' domains are avoided on purpose: an address like
 * shreeganeshtextiles@gmail.com may well belong to someone real.
 */
export function companyEmail(rng: Prng, company: CompanyName, owner: PersonName): string {
  const domain = `${slugify(company.core)}.${rng.weighted(DOMAIN_TLDS)}`;
  const local = rng.chance(0.25) ? slugify(owner.first) : rng.pick(MAILBOXES);
  return `${local}@${domain}`;
}

/** An Indian mobile number: ten digits starting 6–9. */
export function mobileNumber(rng: Prng): string {
  let n = String(rng.int(6, 9));
  for (let i = 0; i < 9; i++) n += String(rng.int(0, 9));
  return n;
}

// ---------------------------------------------------------------------------------------
// Banking
// ---------------------------------------------------------------------------------------

/** Banks sellers settle COD to, with their IFSC prefix and usual account-number length. */
export const BANKS: ReadonlyArray<{ name: string; ifsc: string; digits: number; weight: number }> = [
  { name: "HDFC Bank", ifsc: "HDFC", digits: 14, weight: 22 },
  { name: "ICICI Bank", ifsc: "ICIC", digits: 12, weight: 18 },
  { name: "State Bank of India", ifsc: "SBIN", digits: 11, weight: 16 },
  { name: "Axis Bank", ifsc: "UTIB", digits: 15, weight: 10 },
  { name: "Kotak Mahindra Bank", ifsc: "KKBK", digits: 10, weight: 8 },
  { name: "Yes Bank", ifsc: "YESB", digits: 15, weight: 4 },
  { name: "IndusInd Bank", ifsc: "INDB", digits: 12, weight: 4 },
  { name: "IDFC First Bank", ifsc: "IDFB", digits: 11, weight: 5 },
  { name: "Punjab National Bank", ifsc: "PUNB", digits: 16, weight: 4 },
  { name: "Bank of Baroda", ifsc: "BARB", digits: 14, weight: 4 },
  { name: "Canara Bank", ifsc: "CNRB", digits: 13, weight: 3 },
  { name: "Union Bank of India", ifsc: "UBIN", digits: 15, weight: 2 },
];

export type BankAccount = { bank_name: string; ifsc_code: string; account_number: string };

export function bankAccount(rng: Prng): BankAccount {
  const bank = rng.weighted(BANKS.map((b) => [b, b.weight] as const));
  let account = String(rng.int(1, 9));
  while (account.length < bank.digits) account += String(rng.int(0, 9));
  // IFSC: four-letter bank code, a reserved 0, then the six-character branch code.
  const branch = String(rng.int(1, 99_999)).padStart(6, "0");
  return { bank_name: bank.name, ifsc_code: `${bank.ifsc}0${branch}`, account_number: account };
}

// ---------------------------------------------------------------------------------------
// Couriers
// ---------------------------------------------------------------------------------------

export type CourierServiceSpec = {
  /** The internal courier id: the courier's block number × 100 + a running number. */
  id: number;
  name: string;
  has_surface: boolean;
  is_air: boolean;
  forward_first_slab: number;
  supports_dg: boolean;
  supports_mps: boolean;
  supports_doc: boolean;
  /** Package limits (decision 071): kg, kg, cm. */
  max_dead_weight: number;
  max_chargeable_weight: number;
  max_side: number;
  /** How often sellers switch it on (relative); used only by the seed. */
  popularity: number;
};

export type CourierSpec = {
  name: string;
  coverage: "national" | "regional";
  /** States (spelled as in the pincode data) a regional courier serves. */
  regions: readonly string[];
  services: readonly CourierServiceSpec[];
};

type ServiceShape = {
  mode: "Surface" | "Air" | "Express";
  slab: number;
  popularity: number;
  label?: string;
  dg?: boolean;
  mps?: boolean;
  doc?: boolean;
  /** This service's own limits, where they differ from its kind's (COURIER_LIMIT_DEFAULTS). */
  limits?: Limits;
};

type Limits = { max_dead_weight: number; max_chargeable_weight: number; max_side: number };

/**
 * Package limits by kind of service, for the services whose courier publishes none we could find
 * (decision 071's table says which, and gives the source of every published figure): air
 * services 30 kg dead, 50 kg chargeable, 120 cm a side; surface B2C parcel services 50 kg,
 * 70 kg, 150 cm; heavy surface services (first slab 5 kg or more) 70 kg, 100 kg, 180 cm.
 * Services with published figures (Amazon Shipping, Trackon, India Post) and the freight
 * carriers have their own, below.
 */
export const COURIER_LIMIT_DEFAULTS = {
  air: { max_dead_weight: 30, max_chargeable_weight: 50, max_side: 120 },
  surface: { max_dead_weight: 50, max_chargeable_weight: 70, max_side: 150 },
  heavySurface: { max_dead_weight: 70, max_chargeable_weight: 100, max_side: 180 },
} as const satisfies Record<string, Limits>;

function limitsOf(s: ServiceShape): Limits {
  if (s.limits) return s.limits;
  if (s.mode === "Air") return COURIER_LIMIT_DEFAULTS.air;
  return s.slab >= 5 ? COURIER_LIMIT_DEFAULTS.heavySurface : COURIER_LIMIT_DEFAULTS.surface;
}

/**
 * Builds a courier's services with ids in its own block of 100, so adding a service to one
 * courier never renumbers another's (those ids end up in rate cards and rules).
 */
function courier(
  block: number,
  name: string,
  coverage: CourierSpec["coverage"],
  regions: readonly string[],
  shapes: readonly ServiceShape[],
): CourierSpec {
  return {
    name,
    coverage,
    regions,
    services: shapes.map((s, i) => ({
      id: block * 100 + i + 1,
      name: `${name} ${s.label ?? s.mode} ${s.slab}kg`,
      has_surface: s.mode !== "Air",
      is_air: s.mode !== "Surface",
      forward_first_slab: s.slab,
      // Dangerous goods (perfume, batteries) may not fly; they go by surface when allowed.
      supports_dg: s.dg ?? false,
      supports_mps: s.mps ?? false,
      supports_doc: s.doc ?? true,
      ...limitsOf(s),
      popularity: s.popularity,
    })),
  };
}

const HEAVY = { mps: true, doc: false } as const;
/** Part-truck freight carriers (Gati, Safexpress) take heavy single pieces (no published figure found). */
const FREIGHT: Limits = { max_dead_weight: 150, max_chargeable_weight: 200, max_side: 240 };
/**
 * Amazon Shipping's published box limit (decision 071): 18 kg and 70 × 70 × 45 cm, so 70 cm the
 * longest side. No chargeable limit is published; the kind's stays.
 */
const AMAZON_SHIPPING = { max_dead_weight: 18, max_side: 70 } as const;
/**
 * Trackon's published limits (decision 071): a single piece over 80 kg needs its prior approval
 * and an added charge, and a parcel longer than 110 cm by air or 180 cm by surface is charged at
 * double weight, neither of which a quote can include. No chargeable limit is published; it is
 * the dead weight's, the lowest the limits allow.
 */
const TRACKON = { max_dead_weight: 80, max_chargeable_weight: 80 } as const;
const TRACKON_SIDE = { air: 110, surface: 180 } as const;

export const COURIER_CATALOGUE: readonly CourierSpec[] = [
  courier(
    1,
    "Delhivery",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 10, dg: true },
      { mode: "Surface", slab: 2, popularity: 6, dg: true },
      { mode: "Air", slab: 0.5, popularity: 7 },
      { mode: "Surface", slab: 10, popularity: 3, dg: true, ...HEAVY },
    ],
  ),
  courier(
    2,
    "Blue Dart",
    "national",
    [],
    [
      { mode: "Air", slab: 0.5, popularity: 8 },
      { mode: "Surface", slab: 0.5, popularity: 5, dg: true },
      { mode: "Air", slab: 2, popularity: 2 },
    ],
  ),
  courier(
    3,
    "Ecom Express",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 8, dg: true },
      { mode: "Air", slab: 0.5, popularity: 4 },
      { mode: "Surface", slab: 2, popularity: 3, dg: true },
    ],
  ),
  courier(
    4,
    "Xpressbees",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 9, dg: true },
      { mode: "Surface", slab: 1, popularity: 5, dg: true },
      { mode: "Surface", slab: 2, popularity: 4, dg: true },
      { mode: "Air", slab: 0.5, popularity: 4 },
    ],
  ),
  courier(
    5,
    "Shadowfax",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 6 },
      { mode: "Surface", slab: 1, popularity: 3 },
    ],
  ),
  courier(
    6,
    "DTDC",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 7, dg: true },
      { mode: "Air", slab: 0.5, popularity: 4 },
      { mode: "Surface", slab: 5, popularity: 2, dg: true, mps: true },
    ],
  ),
  courier(
    7,
    "Ekart",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 7 },
      { mode: "Surface", slab: 1, popularity: 4 },
    ],
  ),
  courier(8, "Ekart Large", "national", [], [{ mode: "Surface", slab: 10, popularity: 2, ...HEAVY }]),
  courier(
    9,
    "Amazon Shipping",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 6, limits: { ...COURIER_LIMIT_DEFAULTS.surface, ...AMAZON_SHIPPING } },
      { mode: "Air", slab: 0.5, popularity: 3, limits: { ...COURIER_LIMIT_DEFAULTS.air, ...AMAZON_SHIPPING } },
      { mode: "Surface", slab: 2, popularity: 3, limits: { ...COURIER_LIMIT_DEFAULTS.surface, ...AMAZON_SHIPPING } },
    ],
  ),
  courier(
    10,
    "Smartr",
    "national",
    [],
    [
      { mode: "Air", slab: 0.5, popularity: 3 },
      { mode: "Surface", slab: 1, popularity: 2 },
    ],
  ),
  courier(
    11,
    "Gati",
    "national",
    [],
    [
      { mode: "Surface", slab: 5, popularity: 2, dg: true, ...HEAVY, limits: FREIGHT },
      { mode: "Surface", slab: 10, popularity: 1, dg: true, ...HEAVY, limits: FREIGHT },
    ],
  ),
  courier(
    12,
    "India Post",
    "national",
    [],
    [
      // Speed Post moves by air and road as India Post sees fit.
      // India Post's own limits (decision 071): Speed Post 35 kg; a registered parcel 20 kg and
      // 1 m long. No chargeable limit is published; it stays the dead weight's.
      {
        mode: "Express",
        label: "Speed Post",
        slab: 0.5,
        popularity: 3,
        limits: { max_dead_weight: 35, max_chargeable_weight: 35, max_side: 150 },
      },
      {
        mode: "Surface",
        label: "Registered Parcel",
        slab: 1,
        popularity: 1,
        limits: { max_dead_weight: 20, max_chargeable_weight: 20, max_side: 100 },
      },
    ],
  ),
  courier(
    13,
    "Dotzot",
    "national",
    [],
    [
      { mode: "Surface", slab: 0.5, popularity: 2 },
      { mode: "Air", slab: 0.5, popularity: 1 },
    ],
  ),
  courier(
    14,
    "Trackon",
    "national",
    [],
    [
      {
        mode: "Surface",
        slab: 0.5,
        popularity: 2,
        limits: { ...TRACKON, max_side: TRACKON_SIDE.surface },
      },
      {
        mode: "Air",
        slab: 0.5,
        popularity: 1,
        limits: { ...TRACKON, max_side: TRACKON_SIDE.air },
      },
    ],
  ),
  courier(
    15,
    "Safexpress",
    "national",
    [],
    [
      {
        mode: "Surface",
        slab: 20,
        popularity: 1,
        dg: true,
        ...HEAVY,
        limits: { ...FREIGHT, max_dead_weight: 200, max_chargeable_weight: 250 },
      },
    ],
  ),
  courier(
    16,
    "Shree Maruti",
    "regional",
    ["Gujarat", "Maharashtra", "Rajasthan", "Madhya Pradesh"],
    [
      { mode: "Surface", slab: 0.5, popularity: 2 },
      { mode: "Surface", slab: 1, popularity: 1 },
    ],
  ),
  courier(
    17,
    "Professional Couriers",
    "regional",
    ["Karnataka", "Tamil Nadu", "Kerala", "Andhra Pradesh", "Telangana", "Pondicherry"],
    [
      { mode: "Surface", slab: 0.5, popularity: 2 },
      { mode: "Air", slab: 0.5, popularity: 1 },
    ],
  ),
  courier(
    18,
    "ST Courier",
    "regional",
    ["Tamil Nadu", "Karnataka", "Kerala", "Pondicherry", "Andhra Pradesh"],
    [{ mode: "Surface", slab: 0.5, popularity: 1 }],
  ),
  courier(
    19,
    "Shree Anjani Courier",
    "regional",
    ["Gujarat", "Maharashtra", "Rajasthan"],
    [{ mode: "Surface", slab: 0.5, popularity: 1 }],
  ),
  courier(
    20,
    "Shree Tirupati Courier",
    "regional",
    ["Gujarat", "Rajasthan", "Madhya Pradesh", "Maharashtra"],
    [{ mode: "Surface", slab: 0.5, popularity: 1 }],
  ),
];

export const COURIER_SERVICES: readonly (CourierServiceSpec & { courier: string })[] = COURIER_CATALOGUE.flatMap((c) =>
  c.services.map((s) => ({ ...s, courier: c.name })),
);
