/**
 * Six hand-written listings that become property ids 1–6 of every seeded database: richer copy
 * than the templates, in English and Italian, for the first screen of the listing and for demos.
 */
import type { AmenityKey } from '~/lib/amenities';
import type { PropertyType } from './text';

export type SampleListing = {
  city: string;
  state: string;
  neighborhood: string;
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  /** Monthly rent, whole USD. */
  price: number;
  maxOccupants: number;
  amenities: readonly AmenityKey[];
  title: string;
  titleIt: string;
  description: string;
  descriptionIt: string;
};

export const SAMPLE_LISTINGS: readonly SampleListing[] = [
  {
    city: 'Austin',
    state: 'TX',
    neighborhood: 'East Austin',
    propertyType: 'loft',
    bedrooms: 1,
    bathrooms: 1.5,
    squareFeet: 980,
    price: 2450,
    maxOccupants: 2,
    amenities: ['in_unit_laundry', 'parking', 'pet_friendly', 'air_conditioning', 'dishwasher', 'rooftop_terrace', 'bike_storage'],
    title: 'Sunlit Warehouse Loft in East Austin',
    titleIt: 'Loft luminoso in un ex magazzino a East Austin',
    description: [
      'A 1940s cotton warehouse, reborn as eleven lofts a short bike ride from Rainey Street. This corner unit keeps what made the building special: 16-foot ceilings, the original pine beams, polished concrete floors and a wall of steel-framed windows that turns golden at sunset.',
      'The open living area flows into a kitchen with a butcher-block island and a gas range, while a floating staircase leads to a sleeping mezzanine that looks out over the room below. A full bathroom sits on the main level and a powder room under the stairs, and there is an in-unit washer and dryer.',
      "Step outside and you are among East Austin's taco trucks, coffee roasters and music venues; downtown is ten minutes by bike along the Lady Bird Lake trail. The shared rooftop deck has grills and a view of the skyline, and dogs are welcome, with a dog park two blocks away.",
    ].join('\n\n'),
    descriptionIt: [
      'Un magazzino del cotone degli anni Quaranta, rinato come undici loft a pochi minuti in bicicletta da Rainey Street. Questa unità d’angolo conserva ciò che rende speciale l’edificio: soffitti alti quasi cinque metri, le travi originali in pino, pavimenti in cemento levigato e una parete di finestre con telaio in acciaio che al tramonto si accende di riflessi dorati.',
      'La zona giorno open space si apre su una cucina con isola in legno massello e piano cottura a gas, mentre una scala sospesa porta al soppalco notte affacciato sull’ambiente sottostante. Al piano principale ci sono un bagno completo e, sotto la scala, un bagno di servizio; lavatrice e asciugatrice sono in casa.',
      'Appena fuori dalla porta trovi i food truck di tacos, le torrefazioni e i locali di musica dal vivo di East Austin; il centro è a dieci minuti in bici lungo il sentiero del Lady Bird Lake. La terrazza condominiale sul tetto ha i barbecue e la vista sullo skyline, e i cani sono i benvenuti, con un’area cani a due isolati.',
    ].join('\n\n'),
  },
  {
    city: 'Denver',
    state: 'CO',
    neighborhood: 'Central Park',
    propertyType: 'townhouse',
    bedrooms: 3,
    bathrooms: 2.5,
    squareFeet: 1720,
    price: 3350,
    maxOccupants: 5,
    amenities: ['in_unit_laundry', 'parking', 'pet_friendly', 'dishwasher', 'air_conditioning', 'storage', 'ev_charging'],
    title: 'Family Townhouse with Garden near Central Park',
    titleIt: 'Villetta a schiera per famiglie con giardino vicino a Central Park',
    description: [
      "Built for family life in Denver's Central Park neighborhood, this three-bedroom townhouse faces a pocket park where children ride bikes on car-free paths. Two elementary schools, the recreation center with its outdoor pool, and the farmers' market are all within a ten-minute walk.",
      'The ground floor is open from the front door to the back garden: a living room with a gas fireplace, a dining area for six, and a kitchen with a walk-in pantry and a long island where homework tends to happen. Upstairs, the main bedroom has its own bathroom and a walk-in closet; two more bedrooms share a second full bathroom, and the laundry room is on the same floor, where you need it.',
      'A fenced garden with a patio and raised beds leads to the attached two-car garage, which has an EV charger and room for skis and bikes. On a clear morning you can see the Front Range from the bedroom windows.',
    ].join('\n\n'),
    descriptionIt: [
      'Pensata per la vita in famiglia nel quartiere di Central Park a Denver, questa villetta a schiera con tre camere da letto si affaccia su un piccolo parco dove i bambini vanno in bici su vialetti senza auto. Due scuole elementari, il centro sportivo con la piscina all’aperto e il mercato contadino sono tutti a meno di dieci minuti a piedi.',
      'Il piano terra è aperto dalla porta d’ingresso fino al giardino sul retro: un soggiorno con camino a gas, una zona pranzo per sei persone e una cucina con dispensa e una lunga isola dove di solito si fanno i compiti. Al piano di sopra la camera principale ha il suo bagno e una cabina armadio; le altre due camere condividono un secondo bagno completo, e la lavanderia è sullo stesso piano, proprio dove serve.',
      'Un giardino recintato con patio e orti rialzati porta al garage doppio, con colonnina di ricarica per l’auto elettrica e spazio per sci e biciclette. Nelle mattine limpide dalle finestre delle camere si vedono le Montagne Rocciose.',
    ].join('\n\n'),
  },
  {
    city: 'Chicago',
    state: 'IL',
    neighborhood: 'The Loop',
    propertyType: 'studio',
    bedrooms: 0,
    bathrooms: 1,
    squareFeet: 520,
    price: 1750,
    maxOccupants: 2,
    amenities: ['gym', 'elevator', 'doorman', 'air_conditioning', 'dishwasher', 'bike_storage', 'coworking_space'],
    title: 'Downtown Studio Steps from the Riverwalk',
    titleIt: 'Monolocale in centro a due passi dal Riverwalk',
    description: [
      'On the 14th floor of a restored 1920s office tower, this studio puts the whole of downtown Chicago at your feet: the Riverwalk is a block away, Millennium Park a ten-minute walk, and six L lines stop within three blocks.',
      'A clever plan makes 520 square feet feel generous. A built-in bookcase screens the sleeping nook from the living area, the galley kitchen has a full-size fridge and a dishwasher, and the tiled bathroom keeps the building’s original marble. Tall windows face east, so mornings are bright and evenings quiet.',
      'The building has a 24-hour front desk, a fitness center, a coworking lounge with phone booths, and secure bike storage. Ideal for someone who wants to walk to work and be at the lakefront in fifteen minutes.',
    ].join('\n\n'),
    descriptionIt: [
      'Al 14º piano di un grattacielo per uffici degli anni Venti restaurato, questo monolocale mette tutto il centro di Chicago ai tuoi piedi: il Riverwalk è a un isolato, il Millennium Park a dieci minuti a piedi e sei linee della metropolitana sopraelevata fermano nel raggio di tre isolati.',
      'Una pianta intelligente fa sembrare ampi i 520 piedi quadrati (circa 48 m²). Una libreria su misura separa l’angolo notte dalla zona giorno, la cucina lineare ha un frigorifero di dimensioni standard e la lavastoviglie, e il bagno piastrellato conserva il marmo originale dell’edificio. Le alte finestre sono esposte a est: mattine luminose e serate tranquille.',
      'L’edificio ha una reception aperta 24 ore su 24, una palestra, una sala coworking con cabine telefoniche e un deposito bici sicuro. Perfetto per chi vuole andare al lavoro a piedi ed essere sul lungolago in un quarto d’ora.',
    ].join('\n\n'),
  },
  {
    city: 'Miami',
    state: 'FL',
    neighborhood: 'Brickell',
    propertyType: 'penthouse',
    bedrooms: 3,
    bathrooms: 3.5,
    squareFeet: 2350,
    price: 9800,
    maxOccupants: 6,
    amenities: [
      'in_unit_laundry',
      'parking',
      'gym',
      'pool',
      'balcony',
      'dishwasher',
      'air_conditioning',
      'elevator',
      'doorman',
      'rooftop_terrace',
      'ev_charging',
      'storage',
    ],
    title: 'Bayfront Penthouse with Wraparound Terrace',
    titleIt: 'Attico sulla baia con terrazza panoramica',
    description: [
      'The top floor of a 42-storey Brickell tower, with a terrace that wraps around three sides: Biscayne Bay and Key Biscayne to the east, the downtown skyline to the north, and sunsets over the city to the west. A private elevator opens directly into the foyer.',
      'Floor-to-ceiling glass runs the length of the living and dining rooms. The kitchen has Italian cabinetry, a wine fridge and an island that seats four. Each of the three bedrooms has its own bathroom, and the main suite adds a dressing room and a soaking tub facing the bay. There is a guest powder room and a laundry room with full-size machines.',
      'Residents share a 60-foot infinity pool, a spa and fitness center, a 24-hour concierge and valet parking; two parking spaces with EV charging come with the unit. Brickell City Centre, the Metromover and the bayfront promenade are a short walk away.',
    ].join('\n\n'),
    descriptionIt: [
      'L’ultimo piano di una torre di 42 piani a Brickell, con una terrazza che gira su tre lati: la baia di Biscayne e Key Biscayne a est, lo skyline del centro a nord e i tramonti sulla città a ovest. Un ascensore privato si apre direttamente nell’ingresso.',
      'Vetrate a tutta altezza corrono lungo il soggiorno e la sala da pranzo. La cucina ha mobili italiani, una cantinetta per il vino e un’isola con quattro posti. Ognuna delle tre camere ha il proprio bagno, e la suite principale aggiunge una cabina armadio e una vasca con vista sulla baia. Completano l’attico un bagno per gli ospiti e una lavanderia con elettrodomestici di dimensioni standard.',
      'I residenti condividono una piscina a sfioro di 18 metri, una spa con palestra, il concierge 24 ore su 24 e il servizio di parcheggio; all’attico sono riservati due posti auto con ricarica per auto elettriche. Brickell City Centre, il Metromover e la passeggiata sulla baia sono a pochi passi.',
    ].join('\n\n'),
  },
  {
    city: 'Brooklyn',
    state: 'NY',
    neighborhood: 'Park Slope',
    propertyType: 'duplex',
    bedrooms: 2,
    bathrooms: 2,
    squareFeet: 1340,
    price: 5200,
    maxOccupants: 4,
    amenities: ['in_unit_laundry', 'pet_friendly', 'dishwasher', 'air_conditioning', 'storage'],
    title: 'Brownstone Duplex on a Tree-Lined Park Slope Block',
    titleIt: 'Duplex in una brownstone su una via alberata di Park Slope',
    description: [
      'The garden and parlor floors of an 1899 brownstone, two blocks from Prospect Park. Original details have been lovingly kept: a carved mahogany staircase, pocket doors, plaster ceiling medallions and two decorative marble fireplaces.',
      'The parlor floor holds the living room, with its tall bay windows onto the street, and an eat-in kitchen renovated with soapstone counters and a farmhouse sink. Downstairs, two quiet bedrooms open onto a private back garden with a bluestone patio and a mature magnolia. There is a full bathroom on each floor and a stacked washer and dryer.',
      "Seventh Avenue's bakeries and bookshops are around the corner, the Saturday Grand Army Plaza greenmarket is a ten-minute walk, and the F and G trains are three blocks away. Cats and small dogs are welcome.",
    ].join('\n\n'),
    descriptionIt: [
      'Il piano giardino e il piano nobile di una brownstone del 1899, a due isolati da Prospect Park. I dettagli originali sono stati conservati con cura: una scala in mogano intagliato, porte scorrevoli a scomparsa, rosoni in gesso sui soffitti e due camini decorativi in marmo.',
      'Al piano nobile ci sono il soggiorno, con le alte finestre a bovindo sulla strada, e una cucina abitabile ristrutturata con piani in pietra ollare e lavello in ceramica. Al piano di sotto due camere silenziose si aprono su un giardino privato sul retro con patio in pietra e una magnolia secolare. C’è un bagno completo su ogni piano e una colonna lavatrice-asciugatrice.',
      'Le panetterie e le librerie della Seventh Avenue sono dietro l’angolo, il mercato del sabato di Grand Army Plaza è a dieci minuti a piedi e le linee F e G della metropolitana sono a tre isolati. Gatti e cani di piccola taglia sono i benvenuti.',
    ].join('\n\n'),
  },
  {
    city: 'Seattle',
    state: 'WA',
    neighborhood: 'Capitol Hill',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 2,
    squareFeet: 1060,
    price: 3250,
    maxOccupants: 4,
    amenities: [
      'in_unit_laundry',
      'gym',
      'pet_friendly',
      'balcony',
      'dishwasher',
      'elevator',
      'rooftop_terrace',
      'bike_storage',
      'ev_charging',
    ],
    title: 'Light-Filled Two-Bedroom with Mountain Views on Capitol Hill',
    titleIt: 'Appartamento luminoso con due camere e vista sulle montagne a Capitol Hill',
    description: [
      'On a clear day the balcony of this corner apartment frames the Olympic Mountains across Puget Sound; on a grey one, the big windows and pale oak floors keep the rooms bright. The building, finished in 2022, sits on a quiet stretch of Capitol Hill between Volunteer Park and the light-rail station.',
      'The two bedrooms sit at opposite ends of the apartment, each with its own bathroom, which makes it ideal for roommates or for a home office. The kitchen has a gas cooktop, a quartz peninsula and plenty of storage, and the washer and dryer are in a closet off the hall.',
      'Residents have a rooftop deck with fire pits and views of the Space Needle, a fitness studio, a dog-wash station and a bike room with a repair stand. Cafés, bookshops and the Broadway nightlife are five minutes away, and the light rail reaches downtown in four.',
    ].join('\n\n'),
    descriptionIt: [
      'Nelle giornate limpide il balcone di questo appartamento d’angolo incornicia i Monti Olympic al di là del Puget Sound; in quelle grigie le grandi finestre e i pavimenti in rovere chiaro mantengono le stanze luminose. L’edificio, completato nel 2022, si trova in un tratto tranquillo di Capitol Hill tra il Volunteer Park e la stazione della metropolitana leggera.',
      'Le due camere sono alle estremità opposte dell’appartamento, ognuna con il proprio bagno: ideale per due coinquilini o per ricavare uno studio. La cucina ha piano cottura a gas, penisola in quarzo e tanto spazio per riporre, e lavatrice e asciugatrice sono in un armadio lungo il corridoio.',
      'I residenti hanno una terrazza sul tetto con bracieri e vista sullo Space Needle, una sala fitness, una postazione per lavare i cani e un deposito bici con banco per le riparazioni. Caffè, librerie e la vita notturna di Broadway sono a cinque minuti, e con la metropolitana leggera si arriva in centro in quattro.',
    ].join('\n\n'),
  },
];
