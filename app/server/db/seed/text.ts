/**
 * Bilingual (English / Italian) text for the demo listings: titles and descriptions assembled
 * from parallel templates, so that both languages always say the same thing. Every choice is
 * made with the unit's own seeded `Random`, in the same order for both languages.
 */
import type { AmenityKey } from '~/lib/amenities';
import type { PropertyType } from '~/lib/property-types';
import type { Random } from './random';

export { PROPERTY_TYPES, type PropertyType } from '~/lib/property-types';

type Gender = 'm' | 'f';
type Pair = readonly [en: string, it: string];

const TYPE_EN: Record<PropertyType, string> = {
  apartment: 'Apartment',
  studio: 'Studio',
  loft: 'Loft',
  townhouse: 'Townhouse',
  penthouse: 'Penthouse',
  duplex: 'Duplex',
};

const TYPE_IT: Record<PropertyType, { noun: string; gender: Gender }> = {
  apartment: { noun: 'appartamento', gender: 'm' },
  studio: { noun: 'monolocale', gender: 'm' },
  loft: { noun: 'loft', gender: 'm' },
  townhouse: { noun: 'villetta a schiera', gender: 'f' },
  penthouse: { noun: 'attico', gender: 'm' },
  duplex: { noun: 'duplex', gender: 'm' },
};

/** [English, Italian masculine, Italian feminine]. */
const ADJECTIVES: readonly (readonly [string, string, string])[] = [
  ['Sunny', 'soleggiato', 'soleggiata'],
  ['Bright', 'luminoso', 'luminosa'],
  ['Spacious', 'spazioso', 'spaziosa'],
  ['Modern', 'moderno', 'moderna'],
  ['Renovated', 'ristrutturato', 'ristrutturata'],
  ['Charming', 'incantevole', 'incantevole'],
  ['Cozy', 'accogliente', 'accogliente'],
  ['Elegant', 'elegante', 'elegante'],
  ['Airy', 'arioso', 'ariosa'],
  ['Quiet', 'tranquillo', 'tranquilla'],
  ['Stylish', 'di design', 'di design'],
];

const NUMBER_EN = ['zero', 'one', 'two', 'three', 'four', 'five', 'six'];
const NUMBER_IT = ['zero', 'una', 'due', 'tre', 'quattro', 'cinque', 'sei'];

type Unit = {
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  neighborhood: string;
  city: string;
  amenities: readonly AmenityKey[];
  status: 'available' | 'leased' | 'maintenance';
  /** ISO date (YYYY-MM-DD). */
  availableDate: string;
};

type Feature = { title: Pair; applies: (unit: Unit) => boolean };

/** Short highlights used in titles. */
const TITLE_FEATURES: readonly Feature[] = [
  { title: ['Exposed Brick', 'mattoni a vista'], applies: (u) => u.propertyType === 'loft' },
  { title: ['High Ceilings', 'soffitti alti'], applies: (u) => u.propertyType !== 'townhouse' },
  { title: ['Big Windows', 'grandi finestre'], applies: () => true },
  { title: ['Private Balcony', 'balcone privato'], applies: (u) => u.amenities.includes('balcony') },
  { title: ['Skyline Views', 'vista sullo skyline'], applies: (u) => u.propertyType === 'penthouse' },
  { title: ['Private Patio', 'patio privato'], applies: (u) => u.propertyType === 'townhouse' || u.propertyType === 'duplex' },
  { title: ["Chef's Kitchen", 'cucina da chef'], applies: (u) => u.bedrooms >= 2 },
  { title: ['Rooftop Access', 'accesso alla terrazza sul tetto'], applies: (u) => u.amenities.includes('rooftop_terrace') },
  { title: ['Hardwood Floors', 'parquet'], applies: () => true },
  { title: ['Home Office', 'studio per lo smart working'], applies: (u) => u.bedrooms >= 2 },
  { title: ['In-Unit Laundry', 'lavanderia in casa'], applies: (u) => u.amenities.includes('in_unit_laundry') },
  { title: ['Pool Access', 'accesso alla piscina'], applies: (u) => u.amenities.includes('pool') },
  { title: ['Garden', 'giardino'], applies: (u) => u.propertyType === 'townhouse' },
  { title: ['Fireplace', 'camino'], applies: (u) => u.bedrooms >= 1 && u.propertyType !== 'studio' },
];

/** Interior details used in descriptions. */
const INTERIOR_FEATURES: readonly Feature[] = [
  { title: ['wide-plank hardwood floors', 'parquet a doghe larghe'], applies: () => true },
  {
    title: ['oversized windows that bring in light all day', 'finestre ampie che portano luce tutto il giorno'],
    applies: () => true,
  },
  {
    title: [
      'a renovated kitchen featuring quartz countertops and stainless-steel appliances',
      'una cucina ristrutturata dotata di piani in quarzo ed elettrodomestici in acciaio inox',
    ],
    applies: () => true,
  },
  { title: ['generous closet space', 'armadi capienti'], applies: () => true },
  { title: ['high ceilings', 'soffitti alti'], applies: (u) => u.propertyType !== 'townhouse' },
  {
    title: ['a walk-in closet in the main bedroom', 'una cabina armadio nella camera principale'],
    applies: (u) => u.bedrooms >= 1,
  },
  {
    title: ['exposed brick and original timber beams', 'mattoni a vista e travi originali in legno'],
    applies: (u) => u.propertyType === 'loft',
  },
  {
    title: ['a breakfast bar that doubles as a workspace', 'un bancone per la colazione che funge anche da postazione di lavoro'],
    applies: () => true,
  },
  {
    title: ['floor-to-ceiling windows with city views', 'vetrate a tutta altezza con vista sulla città'],
    applies: (u) => u.propertyType === 'penthouse' || u.propertyType === 'loft' || u.propertyType === 'apartment',
  },
  {
    title: ['a private patio for morning coffee', 'un patio privato per il caffè del mattino'],
    applies: (u) => u.propertyType === 'townhouse' || u.propertyType === 'duplex',
  },
  {
    title: ['a layout spread over two floors', 'una distribuzione su due piani'],
    applies: (u) => u.propertyType === 'townhouse' || u.propertyType === 'duplex',
  },
  { title: ['a smart thermostat', 'un termostato intelligente'], applies: () => true },
];

/** What the neighborhood offers: noun phrases that follow "surrounded by", "with", "a short walk from". */
const VIBES: readonly Pair[] = [
  [
    "tree-lined streets, independent coffee shops and a Saturday farmers' market",
    'strade alberate, caffetterie indipendenti e un mercato contadino il sabato',
  ],
  ['lively restaurants, craft breweries and live-music venues', 'ristoranti vivaci, birrerie artigianali e locali con musica dal vivo'],
  ['quiet residential blocks, parks and playgrounds', 'isolati residenziali tranquilli, parchi e aree giochi'],
  [
    "galleries, bookshops and some of the city's best brunch spots",
    'gallerie, librerie e alcuni dei migliori locali per il brunch della città',
  ],
  ['transit lines that reach downtown in minutes', 'linee di trasporto pubblico che portano in centro in pochi minuti'],
  ['waterfront paths, bike lanes and plenty of green space', "percorsi lungo l'acqua, piste ciclabili e tanto verde"],
  ['historic architecture, boutiques and neighborhood bistros', 'architettura storica, boutique e bistrot di quartiere'],
  ['grocery stores, gyms and everyday shops', 'supermercati, palestre e negozi di tutti i giorni'],
];

/** Amenities as they read inside a sentence ("Residents enjoy …"). pet_friendly has its own sentence. */
const AMENITY_PHRASES: Record<AmenityKey, Pair> = {
  in_unit_laundry: ['in-unit laundry', 'una lavasciuga in casa'],
  parking: ['dedicated parking', 'un posto auto riservato'],
  gym: ['a fully equipped fitness center', 'una palestra completamente attrezzata'],
  pool: ['a heated pool', 'una piscina riscaldata'],
  pet_friendly: ['a pet-friendly policy', 'la possibilità di tenere animali'],
  balcony: ['a private balcony', 'un balcone privato'],
  dishwasher: ['a dishwasher', 'la lavastoviglie'],
  air_conditioning: ['central air conditioning', "l'aria condizionata centralizzata"],
  elevator: ['elevator access', "l'ascensore"],
  doorman: ['a 24-hour doorman', 'il portiere 24 ore su 24'],
  rooftop_terrace: ['a rooftop terrace with grills', 'una terrazza sul tetto con barbecue'],
  ev_charging: ['EV charging stations', 'colonnine di ricarica per auto elettriche'],
  storage: ['a private storage unit', 'un locale deposito privato'],
  bike_storage: ['secure bike storage', 'un deposito bici sicuro'],
  coworking_space: ['a resident coworking lounge', 'una sala coworking per i residenti'],
};

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_IT = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

function splitIsoDate(iso: string): [year: number, month: number, day: number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** "December 14, 2026" from an ISO date. */
export function formatDateEn(iso: string): string {
  const [y, m, d] = splitIsoDate(iso);
  return `${MONTHS_EN[m - 1]} ${d}, ${y}`;
}

/** "14 dicembre 2026" (or "1º dicembre 2026") from an ISO date. */
export function formatDateIt(iso: string): string {
  const [y, m, d] = splitIsoDate(iso);
  return `${d === 1 ? '1º' : d} ${MONTHS_IT[m - 1]} ${y}`;
}

function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "two bedrooms, two full bathrooms and a powder room" (rooms phrase given). */
function roomsAndBathsEn(rooms: string, baths: number): string {
  const whole = Math.floor(baths);
  const full = whole === 1 ? 'one full bathroom' : `${NUMBER_EN[whole]} full bathrooms`;
  return baths - whole >= 0.5 ? `${rooms}, ${full} and a powder room` : `${rooms} and ${full}`;
}

/** "due camere da letto, due bagni completi e un bagno di servizio". */
function roomsAndBathsIt(rooms: string, baths: number): string {
  const whole = Math.floor(baths);
  const full = whole === 1 ? 'un bagno completo' : `${NUMBER_IT[whole]} bagni completi`;
  return baths - whole >= 0.5 ? `${rooms}, ${full} e un bagno di servizio` : `${rooms} e ${full}`;
}

/** 12345 → "12,345" (en) or "12.345" (it), without Intl (fast and identical everywhere). */
function groupThousands(value: number, separator: string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** "two-bedroom apartment", "studio", "loft". */
function typePhraseEn(unit: Unit): string {
  const noun = TYPE_EN[unit.propertyType].toLowerCase();
  if (unit.bedrooms === 0) return unit.propertyType === 'studio' ? 'studio' : `open-plan ${noun}`;
  return `${NUMBER_EN[unit.bedrooms]}-bedroom ${noun}`;
}

/** "appartamento con due camere da letto", "monolocale"; `adjective` goes right after the noun. */
function typePhraseIt(unit: Unit, adjective = ''): string {
  const noun = adjective ? `${TYPE_IT[unit.propertyType].noun} ${adjective}` : TYPE_IT[unit.propertyType].noun;
  if (unit.bedrooms === 0) return unit.propertyType === 'studio' ? noun : `${noun} open space`;
  if (unit.bedrooms === 1) return `${noun} con una camera da letto`;
  return `${noun} con ${NUMBER_IT[unit.bedrooms]} camere da letto`;
}

export type ListingText = { title: string; titleIt: string; description: string; descriptionIt: string };

/**
 * Title and description of one generated unit in English and Italian.
 * `unit.amenities` must be amenity keys; `availableDate` an ISO date.
 */
export function composeListingText(unit: Unit, rnd: Random): ListingText {
  const [adjEn, adjItM, adjItF] = rnd.pick(ADJECTIVES);
  const { noun: typeIt, gender } = TYPE_IT[unit.propertyType];
  const adjIt = gender === 'f' ? adjItF : adjItM;
  const typeEn = TYPE_EN[unit.propertyType];
  const hood = unit.neighborhood;
  const feature = rnd.pick(TITLE_FEATURES.filter((f) => f.applies(unit)));
  const bedsEn = unit.bedrooms === 0 ? '' : `${unit.bedrooms}-Bedroom `;
  const bedsIt = unit.bedrooms === 0 ? '' : unit.bedrooms === 1 ? ' con una camera' : ` con ${unit.bedrooms} camere`;

  let title: string;
  let titleIt: string;
  switch (rnd.int(0, 2)) {
    case 0:
      title = `${adjEn} ${bedsEn}${typeEn} in ${hood}`;
      titleIt = `${capitalize(typeIt)} ${adjIt}${bedsIt} a ${hood}`;
      break;
    case 1:
      title = `${bedsEn}${typeEn} with ${feature.title[0]} in ${hood}`;
      titleIt = `${capitalize(typeIt)}${bedsIt} ${bedsIt ? 'e' : 'con'} ${feature.title[1]} a ${hood}`;
      break;
    default:
      title = `${adjEn} ${hood} ${typeEn} with ${feature.title[0]}`;
      titleIt = `${hood}: ${typeIt} ${adjIt}${bedsIt}, ${feature.title[1]}`;
  }

  // Paragraph 1: where it is.
  const [vibeEn, vibeIt] = rnd.pick(VIBES);
  const phraseEn = typePhraseEn(unit);
  const phraseIt = typePhraseIt(unit);
  const thisIt = gender === 'f' ? 'Questa' : 'Questo';
  const surroundedIt = gender === 'f' ? 'circondata' : 'circondato';
  const city = unit.city;
  let introEn: string;
  let introIt: string;
  switch (rnd.int(0, 2)) {
    case 0:
      introEn = `This ${adjEn.toLowerCase()} ${phraseEn} sits in ${hood}, one of ${city}'s most sought-after neighborhoods, surrounded by ${vibeEn}.`;
      introIt = `${thisIt} ${typePhraseIt(unit, adjIt)} si trova a ${hood}, uno dei quartieri più richiesti di ${city}, ${surroundedIt} da ${vibeIt}.`;
      break;
    case 1:
      introEn = `Live in the heart of ${hood}, ${city}, with ${vibeEn} right outside your door. This ${phraseEn} makes the most of it.`;
      introIt = `Vivi nel cuore di ${hood}, a ${city}, con ${vibeIt} appena fuori dalla porta. ${thisIt} ${phraseIt} ne approfitta al meglio.`;
      break;
    default:
      introEn = `On a quiet street in ${hood}, ${city}, this ${phraseEn} is a short walk from ${vibeEn}.`;
      introIt = `In una via tranquilla di ${hood}, a ${city}, ${thisIt.toLowerCase()} ${phraseIt} è a pochi passi da ${vibeIt}.`;
  }

  // Paragraph 2: the layout.
  const details = rnd.sample(
    INTERIOR_FEATURES.filter((f) => f.applies(unit)),
    2,
  );
  const squareMeters = Math.round(unit.squareFeet * 0.092903);
  const roomsEn =
    unit.bedrooms === 0 ? 'an open living and sleeping area' : unit.bedrooms === 1 ? 'one bedroom' : `${NUMBER_EN[unit.bedrooms]} bedrooms`;
  const roomsIt =
    unit.bedrooms === 0
      ? 'un unico ambiente giorno e notte'
      : unit.bedrooms === 1
        ? 'una camera da letto'
        : `${NUMBER_IT[unit.bedrooms]} camere da letto`;
  const [first, second] = details;
  const withEn = first ? `, with ${first.title[0]}${second ? `, plus ${second.title[0]}` : ''}` : '';
  // "oltre ad armadi", "oltre a un bancone": Italian adds a d before a vowel a.
  const besidesIt = second ? (second.title[1].startsWith('a') ? 'oltre ad' : 'oltre a') : '';
  const withIt = first ? `, con ${first.title[1]}${second ? `, ${besidesIt} ${second.title[1]}` : ''}` : '';
  const layoutEn = `The ${groupThousands(unit.squareFeet, ',')} sq ft layout offers ${roomsAndBathsEn(roomsEn, unit.bathrooms)}${withEn}.`;
  const layoutIt = `I ${groupThousands(unit.squareFeet, '.')} piedi quadrati (circa ${squareMeters} m²) comprendono ${roomsAndBathsIt(roomsIt, unit.bathrooms)}${withIt}.`;

  // Paragraph 3: amenities.
  const listed = rnd.sample(
    unit.amenities.filter((key) => key !== 'pet_friendly'),
    3,
  );
  const amenityEn: string[] = [];
  const amenityIt: string[] = [];
  if (listed.length > 0) {
    amenityEn.push(
      `Residents enjoy ${joinList(
        listed.map((key) => AMENITY_PHRASES[key][0]),
        'and',
      )}.`,
    );
    amenityIt.push(
      `I residenti hanno a disposizione ${joinList(
        listed.map((key) => AMENITY_PHRASES[key][1]),
        'e',
      )}.`,
    );
  }
  if (unit.amenities.includes('pet_friendly')) {
    amenityEn.push('Pets are welcome.');
    amenityIt.push('Gli animali domestici sono i benvenuti.');
  }

  // Paragraph 4: availability.
  const dateEn = formatDateEn(unit.availableDate);
  const dateIt = formatDateIt(unit.availableDate);
  let closingEn: string;
  let closingIt: string;
  if (unit.status === 'leased') {
    const leasedIt = gender === 'f' ? 'affittata' : 'affittato';
    closingEn = `Currently leased; it becomes available again on ${dateEn}. Join the waitlist to hear first.`;
    closingIt = `Attualmente ${leasedIt}; torna disponibile dal ${dateIt}. Iscriviti alla lista d'attesa per saperlo per primo.`;
  } else if (unit.status === 'maintenance') {
    closingEn = `Our maintenance team is refreshing the unit; move-ins start on ${dateEn}.`;
    closingIt = `La nostra squadra di manutenzione sta rinnovando l'unità; gli ingressi partono dal ${dateIt}.`;
  } else if (rnd.chance(0.5)) {
    closingEn = `Available from ${dateEn}. Schedule a tour today.`;
    closingIt = `Disponibile dal ${dateIt}. Prenota subito una visita.`;
  } else {
    closingEn = `Move in as early as ${dateEn}; tours are available seven days a week.`;
    closingIt = `Ingresso possibile già dal ${dateIt}; visite disponibili sette giorni su sette.`;
  }

  return {
    title,
    titleIt,
    description: [introEn, layoutEn, [...amenityEn, closingEn].join(' ')].join('\n\n'),
    descriptionIt: [introIt, layoutIt, [...amenityIt, closingIt].join(' ')].join('\n\n'),
  };
}
